package io.virttune.blockjob;

import java.time.Duration;

/**
 * Whether a block copy still gets closer to ready, or has stalled.
 */
final class Convergence {
    private final long windowNanos;
    private long fewestLeft = Long.MAX_VALUE;
    private long fewestLeftAt;
    private long copiedAtFewestLeft;

    /** @param window how long a copy may go on without getting closer */
    Convergence(Duration window) {
        this.windowNanos = window.toNanos();
    }

    /** Takes {@code progress} read at {@code nanos} (System.nanoTime) and says whether the copy has stalled. */
    boolean stalled(BlockJobProgress progress, long nanos) {
        if (progress.end() <= 0) {
            // QEMU has not counted the work yet: "0 left" would be a fewest no copy could beat.
            return false;
        }
        long left = progress.end() - progress.cur();
        if (left < fewestLeft) {
            fewestLeft = left;
            fewestLeftAt = nanos;
            copiedAtFewestLeft = progress.cur();
            return false;
        }
        return nanos - fewestLeftAt >= windowNanos && progress.cur() > copiedAtFewestLeft;
    }
}
