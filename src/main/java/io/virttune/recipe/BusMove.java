package io.virttune.recipe;

/** What the recipe does with a disk's bus. */
public enum BusMove {
    /** Already virtio-blk. */
    STAYS_VIRTIO,
    /** Moves to virtio-blk now: target renamed to vdX, old address dropped. */
    SWITCH,
    /** Keeps its emulated bus for good: the guest names it by {@code <wwn>}, vendor or product. */
    KEEP,
    /** Keeps its emulated bus until the Windows guest's VirtIO storage driver is bound. */
    WAIT_FOR_DRIVER;

    /** Whether the disk is on virtio-blk once this plan is applied. */
    public boolean virtioNow() {
        return this == STAYS_VIRTIO || this == SWITCH;
    }

    /** Whether the disk ends on virtio-blk, now or after the driver is bound. */
    public boolean virtioInTheEnd() {
        return this != KEEP;
    }
}
