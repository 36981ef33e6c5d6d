package io.virttune.libvirt;

/** A domain's run state, as virt-tune needs to tell it apart (running guests are never converted offline). */
public enum DomainState {
    RUNNING,
    PAUSED,
    SHUTOFF,
    /** Crashed, suspended to memory or shutting down: not safe to treat as shut off. */
    OTHER,
    /** Not known: the domain was read from a file, not from libvirt. */
    UNKNOWN;

    /** True when no QEMU process can be holding the domain's images open. */
    public boolean isShutOff() {
        return this == SHUTOFF;
    }

    public String label() {
        return this == SHUTOFF ? "shut off" : name().toLowerCase(java.util.Locale.ROOT);
    }
}
