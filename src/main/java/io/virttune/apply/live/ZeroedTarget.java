package io.virttune.apply.live;

import io.virttune.apply.journal.DomainJournal;
import io.virttune.lvm.LogicalVolume;
import io.virttune.plan.CreateVolume;
import io.virttune.recipe.ZeroSkippingMirror;
import java.util.Optional;

/**
 * Whether a live copy may certify its LV as reading zeros, so that the mirror writes only the
 * source's data (libvirt's VIR_DOMAIN_BLOCK_COPY_TARGET_ZEROED, QEMU's {@code target-is-zero}).
 *
 * <p>A skipped zero is a byte the LV must already read as zero, or the guest would find old bytes
 * there after the pivot: so only a thin LV this apply created and nothing copied onto yet, in a
 * pool that zeroes the chunks it provisions. That is the fresh thin LV the offline copy writes with
 * {@code --target-is-zero}; the offline copy may take a pool that does not zero ({@code -Zn}) too,
 * because its verify reads every provisioned chunk whole and rewrites the LV in full when old bytes
 * show through, which a mirror cannot do once the guest writes to both. A linear LV holds whatever
 * its extents held before.
 *
 * @param zeroed the flag is passed
 * @param why what decided it, for the log
 */
record ZeroedTarget(boolean zeroed, String why) {
    /**
     * The decision for the copy onto {@code volume}, first of its kind in this apply unless
     * {@code interrupted} (a run before this one started it), with {@code journal} saying which LVs
     * this apply created, {@code pool} as LVM reports the pool now, and the connection's libvirt and
     * hypervisor versions.
     */
    static ZeroedTarget of(
            CreateVolume volume,
            DomainJournal journal,
            boolean interrupted,
            Optional<LogicalVolume> pool,
            String libvirtVersion,
            String hypervisorVersion) {
        if (volume.thin()
                && (interrupted
                        || !journal.ownVolumes().contains(volume.volume().toString()))) {
            return no(volume.devicePath() + " may hold an earlier copy's bytes: this apply did not just create it");
        }
        Optional<String> whyNot = whyNot(volume, pool, libvirtVersion, hypervisorVersion);
        if (whyNot.isPresent()) {
            return no(whyNot.get());
        }
        return new ZeroedTarget(
                true,
                volume.devicePath() + " is a thin LV this apply created in thin pool " + volume.pool()
                        + ", which zeroes new chunks; libvirt " + libvirtVersion + ", " + hypervisorVersion);
    }

    /** Why the stack, or {@code volume}'s pool as {@code pool} reports it, cannot skip zeros; empty when they can. */
    static Optional<String> whyNot(
            CreateVolume volume, Optional<LogicalVolume> pool, String libvirtVersion, String hypervisorVersion) {
        return ZeroSkippingMirror.whyNot(
                volume.thin() ? volume.pool().toString() : null,
                pool.filter(LogicalVolume::isThinPool).flatMap(LogicalVolume::zeroing),
                libvirtVersion,
                hypervisorVersion);
    }

    static ZeroedTarget no(String why) {
        return new ZeroedTarget(false, why);
    }
}
