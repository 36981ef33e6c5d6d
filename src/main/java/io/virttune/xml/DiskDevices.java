package io.virttune.xml;

import org.jdom2.Element;

/** Adds and removes whole {@code <disk>} devices, keeping the document's indentation. */
public final class DiskDevices {
    private DiskDevices() {}

    /** Appends a raw virtio-blk disk on a block device after the domain's last disk. */
    public static DiskView addBlockDisk(DomainXml domain, String dev, String targetDev) {
        Element disk = DomainXml.DISKS.add(domain.document().getRootElement());
        DiskSource.TYPE.set(disk, "block");
        DiskView.DEVICE.set(disk, "disk");
        DiskDriver.FORMAT.set(disk, "raw");
        DiskSource.DEV.set(disk, dev);
        DiskView.TARGET_DEV.set(disk, targetDev);
        DiskView.TARGET_BUS.set(disk, "virtio");
        return new DiskView(disk, "new disk " + targetDev);
    }

    /** Removes the disk element with the whitespace that indented it. */
    public static void remove(DiskView disk) {
        Indentation.detach(disk.element());
    }
}
