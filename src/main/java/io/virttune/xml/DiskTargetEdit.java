package io.virttune.xml;

import java.util.List;
import java.util.Objects;
import org.jdom2.Element;

/**
 * A disk's new {@code <target>}: a new bus drops the attributes only the old one has (removable
 * for USB, rotation_rate for IDE/SATA/SCSI, the geometry's CHS translation for IDE), which libvirt
 * refuses on another bus.
 */
final class DiskTargetEdit {
    /** Target attributes that belong to one kind of bus. */
    private static final List<String> BUS_SPECIFIC_TARGET_ATTRIBUTES = List.of("removable", "rotation_rate");

    private DiskTargetEdit() {}

    /** Sets target/@dev and target/@bus of {@code disk} (a null bus removes it). */
    static void set(Element disk, String dev, String bus) {
        Element target = Elements.child(disk, "target").orElseGet(() -> ChildOrder.DISK.insert(disk, "target"));
        if (!Objects.equals(target.getAttributeValue("bus"), bus)) {
            BUS_SPECIFIC_TARGET_ATTRIBUTES.forEach(target::removeAttribute);
            if (!"ide".equals(bus)) {
                Elements.child(disk, "geometry")
                        .ifPresent(geometry -> Elements.setAttribute(geometry, "trans", null, disk));
            }
        }
        target.setAttribute("dev", dev);
        Elements.setAttribute(target, "bus", bus, disk);
    }
}
