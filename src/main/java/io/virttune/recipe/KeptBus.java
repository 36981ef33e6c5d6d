package io.virttune.recipe;

import io.virttune.xml.DiskView;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Why a disk keeps its emulated bus instead of moving to virtio-blk: {@code <wwn>},
 * {@code <vendor>} or {@code <product>} give the guest its device names, and libvirt's QEMU driver
 * refuses them on virtio ("Only ide and scsi disk support wwn"; vendor and product only on scsi).
 */
public final class KeptBus {
    private KeptBus() {}

    /** The reason, when the disk has any of those children. */
    public static Optional<String> reason(DiskView disk) {
        List<String> identity = disk.busBoundIdentity();
        if (identity.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(identity.stream().map(name -> "<" + name + ">").collect(Collectors.joining(", "))
                + " gives the guest its /dev/disk/by-id names (multipath, ASM and fstab may use them), and libvirt's"
                + " QEMU driver refuses them on virtio (\"Only ide and scsi disk support wwn\"; vendor and product"
                + " only scsi)");
    }
}
