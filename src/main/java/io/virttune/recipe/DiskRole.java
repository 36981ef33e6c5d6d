package io.virttune.recipe;

/** What the recipe does with one disk: move its data, retune it in place, or leave it alone. */
public enum DiskRole {
    /** A qcow2 or raw image file: its data moves to a raw logical volume. */
    MOVE_DATA,
    /** Already a block device (LVM or other): no data moves, the rest of the recipe applies. */
    RETUNE,
    /** Not the recipe's business (CD-ROM, network, shared...): reported with the reason. */
    LEAVE_ALONE
}
