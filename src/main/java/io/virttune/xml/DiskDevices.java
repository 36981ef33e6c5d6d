package io.virttune.xml;

import java.util.List;
import org.jdom2.Element;

/** Adds and removes whole {@code <disk>} devices, keeping the document's indentation. */
public final class DiskDevices {
    private DiskDevices() {}

    /** Appends a raw virtio-blk disk on a block device after the domain's last disk. */
    public static DiskView addBlockDisk(DomainXml domain, String dev, String targetDev) {
        Element root = domain.document().getRootElement();
        Element devices = Elements.child(root, "devices").orElseGet(() -> ChildOrder.DOMAIN.insert(root, "devices"));
        Element disk = new Element("disk").setAttribute("type", "block").setAttribute("device", "disk");
        List<Element> existing = devices.getChildren("disk");
        Indentation.insertAfter(devices, existing.isEmpty() ? null : existing.get(existing.size() - 1), disk);
        Element driver = new Element("driver").setAttribute("name", "qemu").setAttribute("type", "raw");
        Indentation.insertAfter(disk, null, driver);
        Element source = new Element("source").setAttribute("dev", dev);
        Indentation.insertAfter(disk, driver, source);
        Element target = new Element("target").setAttribute("dev", targetDev).setAttribute("bus", "virtio");
        Indentation.insertAfter(disk, source, target);
        return new DiskView(disk, "new disk " + targetDev);
    }

    /** Removes the disk element with the whitespace that indented it. */
    public static void remove(DiskView disk) {
        Indentation.detach(disk.element());
    }
}
