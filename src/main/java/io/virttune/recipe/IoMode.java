package io.virttune.recipe;

import java.util.Optional;

/** A disk's {@code <driver io>}: how QEMU submits the guest's asynchronous I/O. */
public enum IoMode {
    /** No attribute: QEMU's thread pool. */
    DEFAULT(""),
    NATIVE("native"),
    THREADS("threads"),
    IO_URING("io_uring"),
    /** A value libvirt does not know (it refuses such a definition). */
    OTHER("");

    private final String xml;

    IoMode(String xml) {
        this.xml = xml;
    }

    public static IoMode of(Optional<String> attribute) {
        return AttributeValues.parse(values(), constant -> constant.xml, attribute, DEFAULT, OTHER);
    }

    public String xml() {
        return AttributeValues.written(this, xml);
    }

    /** What QEMU does: no attribute means its thread pool. */
    public IoMode effective() {
        return this == DEFAULT ? THREADS : this;
    }
}
