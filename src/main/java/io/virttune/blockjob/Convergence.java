package io.virttune.blockjob;

import java.time.Duration;

/**
 * Whether a block copy still gets closer to ready: it has stalled when it went on copying for a
 * whole window without its bytes left (end minus cur) falling below the fewest seen, that is,
 * when the guest dirties the disk as fast as a background copy copies it. A copy that copies
 * nothing (throttled, or waiting on a full target) is not stalled: another copy mode would not
 * copy it faster.
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
