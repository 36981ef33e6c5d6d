package io.virttune.recipe;

import java.util.Optional;

/** A disk's {@code <driver cache>}: whether the host page cache is in the guest's I/O path. */
public enum CacheMode {
    /** No attribute: QEMU's default, writeback through the host page cache. */
    DEFAULT(""),
    NONE("none"),
    DIRECTSYNC("directsync"),
    WRITETHROUGH("writethrough"),
    WRITEBACK("writeback"),
    UNSAFE("unsafe"),
    /** A value libvirt does not know (it refuses such a definition). */
    OTHER("");

    private final String xml;

    CacheMode(String xml) {
        this.xml = xml;
    }

    public static CacheMode of(Optional<String> attribute) {
        return AttributeValues.parse(values(), constant -> constant.xml, attribute, DEFAULT, OTHER);
    }

    /** The attribute value; only the modes the recipe writes have one. */
    public String xml() {
        return AttributeValues.written(this, xml);
    }

    /** O_DIRECT: the host page cache is bypassed, which io=native requires. */
    public boolean direct() {
        return this == NONE || this == DIRECTSYNC;
    }

    /** A mode an operator may keep: the recipe's own, or the ones a plan's policy can choose. */
    public boolean chosen() {
        return direct() || this == WRITEBACK;
    }
}
