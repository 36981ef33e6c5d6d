package io.virttune.recipe;

import io.virttune.xml.DiskView;
import io.virttune.xml.DomainXml;
import java.util.List;

/**
 * Whether a Windows guest's disks must keep their buses until its VirtIO storage driver is known
 * to be bound: installing the drivers is not enough, and nothing on the host can see the binding;
 * only the running guest can say. The proof is a virtio-blk disk the guest already uses, its guest
 * agent's report ({@link DriverEvidence}), or the operator's confirmation.
 */
public final class VirtioDriver {
    private VirtioDriver() {}

    /**
     * A virtio-blk disk that is not (or may not be) virt-tune's temporary disk: that one is added
     * before Windows ever booted with it, so it proves nothing.
     */
    public static boolean provenBound(List<DiskView> disks) {
        return disks.stream()
                .anyMatch(disk -> disk.device().equals("disk")
                        && Bus.of(disk.targetBus()) == Bus.VIRTIO
                        && !TemporaryDisk.looksLikeOne(disk));
    }

    /**
     * The disks of the recipe still on an emulated bus, when they must wait for the driver; empty
     * when the guest is not Windows, the operator confirmed the driver, or a disk proves it bound.
     *
     * @param touched the disks the recipe moves or retunes
     */
    public static List<DiskView> waiting(
            DomainXml xml, boolean confirmed, List<DiskView> disks, List<DiskView> touched) {
        if (!xml.os().isWindows() || confirmed || provenBound(disks)) {
            return List.of();
        }
        return touched.stream()
                .filter(disk -> disk.device().equals("disk") && Bus.of(disk.targetBus()) != Bus.VIRTIO)
                .toList();
    }
}
