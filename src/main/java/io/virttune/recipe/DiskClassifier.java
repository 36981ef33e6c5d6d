package io.virttune.recipe;

import io.virttune.xml.DiskView;
import java.util.Set;

/**
 * Decides which disks the recipe touches (the brief's rule 5). The order of the checks matters: a
 * shared or read-only disk is left alone whatever its source, because moving or retuning it
 * behind another guest's back is unsafe.
 */
public final class DiskClassifier {
    private static final Set<String> IMAGE_FORMATS = Set.of("qcow2", "raw");

    private DiskClassifier() {}

    public static DiskVerdict classify(DiskView disk) {
        String device = disk.device();
        if (device.equals("cdrom")) {
            return DiskVerdict.leaveAlone("skip.cdrom", "CD-ROM: removable media, nothing to tune");
        }
        if (device.equals("floppy")) {
            return DiskVerdict.leaveAlone("skip.floppy", "floppy: removable media, nothing to tune");
        }
        if (device.equals("lun")) {
            return DiskVerdict.leaveAlone(
                    "skip.lun",
                    "LUN passthrough: the guest drives the device directly; SCSI commands need it as it is");
        }
        if (disk.targetBus().filter("usb"::equals).isPresent()) {
            return DiskVerdict.leaveAlone(
                    "skip.usb", "USB disk: the guest sees removable media (a stick); moved to virtio it would not be");
        }
        if (disk.shareable()) {
            return DiskVerdict.leaveAlone(
                    "skip.shareable", "shareable: other guests use this disk too; changing it under them is unsafe");
        }
        if (disk.readonly()) {
            return DiskVerdict.leaveAlone("skip.readonly", "read-only: no write path to speed up");
        }
        if (disk.transientDisk()) {
            return DiskVerdict.leaveAlone("skip.transient", "transient: its changes are discarded at shutdown");
        }
        if (disk.fdPassed()) {
            return DiskVerdict.leaveAlone(
                    "skip.fd-passed",
                    "file passed to libvirt as a descriptor (fdgroup): the application that opens it owns its storage");
        }
        if (disk.encrypted()) {
            return DiskVerdict.leaveAlone(
                    "skip.encrypted",
                    "encrypted image: converting it would need its key and would write plaintext; left as it is");
        }
        return switch (disk.type()) {
            case "file" -> classifyFile(disk);
            case "block" -> DiskVerdict.retune();
            case "network" ->
                DiskVerdict.leaveAlone(
                        "skip.network",
                        "network disk (" + disk.sourceProtocol().orElse("unknown protocol")
                                + "): its storage is another system's to tune");
            case "volume" ->
                DiskVerdict.leaveAlone(
                        "skip.volume", "pool volume reference: resolve it to a file or block disk first");
            default ->
                DiskVerdict.leaveAlone("skip.type", "disk type '" + disk.type() + "' is not one the recipe moves");
        };
    }

    private static DiskVerdict classifyFile(DiskView disk) {
        if (disk.sourcePath().isEmpty()) {
            return DiskVerdict.leaveAlone("skip.no-source", "no source image: nothing to move");
        }
        String format = disk.format().orElse("raw");
        if (!IMAGE_FORMATS.contains(format)) {
            return DiskVerdict.leaveAlone(
                    "skip.format", "image format '" + format + "' is not qcow2 or raw; convert it by hand first");
        }
        return DiskVerdict.moveData();
    }
}
