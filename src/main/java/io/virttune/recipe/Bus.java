package io.virttune.recipe;

import java.util.Optional;

/** A disk's {@code <target bus>}: virtio-blk, or one of the buses QEMU emulates. */
public enum Bus {
    /** No attribute: libvirt derives the bus from the target's name. */
    DEFAULT(""),
    VIRTIO("virtio"),
    SATA("sata"),
    IDE("ide"),
    SCSI("scsi"),
    USB("usb"),
    FDC("fdc"),
    XEN("xen"),
    SD("sd"),
    UML("uml"),
    OTHER("");

    private final String xml;

    Bus(String xml) {
        this.xml = xml;
    }

    public static Bus of(Optional<String> attribute) {
        return AttributeValues.parse(values(), constant -> constant.xml, attribute, DEFAULT, OTHER);
    }

    public String xml() {
        return AttributeValues.written(this, xml);
    }
}
