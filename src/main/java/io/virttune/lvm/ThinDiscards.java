package io.virttune.lvm;

/**
 * Gives ranges of a thin LV back to its pool, a round of them through one opening of the LV: the
 * whole chunks inside each range go back and read as zeros.
 */
public interface ThinDiscards {

    /** The LV {@code vgName/name} open for discards until the round is closed. */
    Discarding open(String vgName, String name);

    /** Discards on one open LV, one range after another. */
    @FunctionalInterface
    interface Discarding extends AutoCloseable {
        /** Discards {@code length} bytes from {@code offset}; refused with the kernel's words. */
        void discard(long offset, long length);

        @Override
        default void close() {}
    }

    /**
     * Each range through {@link Lvm#discard} of {@code lvm}: one {@code blkdiscard} a range, wherever
     * {@code lvm}'s commands run (a dry run's are printed).
     */
    static ThinDiscards through(Lvm lvm) {
        return (vgName, name) -> (offset, length) -> lvm.discard(vgName, name, offset, length);
    }
}
