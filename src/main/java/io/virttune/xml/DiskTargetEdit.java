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
    private static final XmlPath TARGET = XmlPath.of("target");
    /** Target attributes that belong to one kind of bus. */
    private static final List<String> BUS_SPECIFIC_TARGET_ATTRIBUTES = List.of("removable", "rotation_rate");

    private static final XmlProperty<String> GEOMETRY_TRANSLATION = XmlProperty.string("geometry/@trans");

    private DiskTargetEdit() {}

    /** Sets target/@dev and target/@bus of {@code disk} (a null bus removes it). */
    static void set(Element disk, String dev, String bus) {
        Element target = TARGET.findOrCreate(disk);
        if (!Objects.equals(target.getAttributeValue("bus"), bus)) {
            // Not pruned: the target keeps its dev, set next.
            BUS_SPECIFIC_TARGET_ATTRIBUTES.forEach(target::removeAttribute);
            if (!"ide".equals(bus)) {
                GEOMETRY_TRANSLATION.remove(disk);
            }
        }
        DiskView.TARGET_DEV.set(disk, dev);
        DiskView.TARGET_BUS.set(disk, bus);
    }
}
