package io.virttune.apply.live;

import io.virttune.VirtTuneException;
import io.virttune.apply.ports.LvmPorts;
import io.virttune.apply.ports.StaleWriters;
import io.virttune.blockjob.BlockJobs;
import io.virttune.blockjob.MirrorState;
import io.virttune.lvm.LogicalVolume;
import io.virttune.lvm.ThinDiscards;
import io.virttune.plan.CopyLive;
import io.virttune.plan.CreateVolume;
import io.virttune.text.Bytes;
import java.util.List;
import java.util.Optional;

/**
 * A thin LV an aborted copy wrote, given back to its pool whole and proven to map nothing, so that
 * the copy made again may be told it reads as zeros ({@link ZeroedTarget}'s fresh LV, earned
 * again): the guest that outpaced the first copy then waits on its disk's data alone, not on its
 * zeros too, which a copy with synchronous writes otherwise writes in full (8 GiB for 1 GiB of data
 * on forky, in four of four such copies).
 *
 * <p>Whole chunks a discard covers read as zeros once unmapped; a pool that ignores discards keeps
 * them mapped, which the kernel's count of mapped sectors shows: then the copy writes the zeros.
 */
final class EmptiedTarget {
    private EmptiedTarget() {}

    /**
     * Gives {@code volume}'s LV back whole, nothing writing it (the copy of {@code step} aborted, the
     * guest on its source alone, as {@code jobs} shows it), where the stack can skip zeros and {@code
     * pool} zeroes new chunks; the decision for the copy made again, with what decided it.
     */
    static ZeroedTarget of(
            CreateVolume volume, CopyLive step, BlockJobs jobs, LvmPorts lvm, Optional<LogicalVolume> pool) {
        if (!volume.thin()) {
            return ZeroedTarget.no(volume.devicePath() + " is a linear LV, which holds what the aborted copy wrote");
        }
        String libvirtVersion = jobs.libvirtVersion();
        String hypervisorVersion = jobs.hypervisorVersion();
        Optional<String> whyNot = ZeroedTarget.whyNot(volume, pool, libvirtVersion, hypervisorVersion);
        if (whyNot.isPresent()) {
            return ZeroedTarget.no(whyNot.get());
        }
        // The discard is the one step here nothing undoes: only an LV no guest runs on and nothing writes.
        String live = jobs.liveXml();
        if (!MirrorState.sourceOf(live, jobs.domain(), step.disk()).equals(Optional.of(step.source()))
                || MirrorState.of(live, jobs.domain(), step.disk()) != MirrorState.NONE) {
            return ZeroedTarget.no("disk " + step.disk() + " of '" + jobs.domain() + "' no longer runs on "
                    + step.source() + " alone, with no copy: " + volume.devicePath() + " is not given back");
        }
        List<StaleWriters.Writer> writers = lvm.writers().of(volume.devicePath());
        if (!writers.isEmpty()) {
            return ZeroedTarget.no(volume.devicePath() + " is open for writing by " + StaleWriters.describe(writers)
                    + ": not given back");
        }
        long mapped;
        try {
            try (ThinDiscards.Discarding discarding = lvm.discards().open(volume.vg(), volume.name())) {
                discarding.discard(0, volume.sizeBytes());
            }
            mapped = lvm.mappings().mappedBytes(volume.volume(), volume.pool());
        } catch (VirtTuneException e) {
            return ZeroedTarget.no(
                    volume.devicePath() + " could not be given back whole and proven empty (" + e.getMessage() + ")");
        }
        if (mapped != 0) {
            return ZeroedTarget.no(volume.devicePath() + " still maps " + Bytes.format(mapped)
                    + " after its discard (a pool that" + " ignores discards keeps its chunks)");
        }
        return new ZeroedTarget(
                true,
                volume.devicePath() + " was given back whole to thin pool " + volume.pool() + ", which zeroes new"
                        + " chunks, and maps nothing now (dmsetup status); libvirt " + libvirtVersion + ", "
                        + hypervisorVersion);
    }
}
