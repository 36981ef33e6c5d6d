package io.virttune.lvm;

/** Size arithmetic LVM imposes: volumes come in whole extents. */
public final class Sizes {
    private Sizes() {}

    /** The smallest multiple of {@code extentBytes} that holds {@code bytes}. */
    public static long roundUp(long bytes, long extentBytes) {
        if (extentBytes <= 0) {
            throw new IllegalArgumentException("extent size must be positive: " + extentBytes);
        }
        if (bytes < 0) {
            throw new IllegalArgumentException("size must not be negative: " + bytes);
        }
        long extents = bytes / extentBytes + (bytes % extentBytes == 0 ? 0 : 1);
        return Math.multiplyExact(extents, extentBytes);
    }
}
