package io.virttune.blockjob;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class ConvergenceTest {
    private static final long SECOND = Duration.ofSeconds(1).toNanos();
    private static final long MIB = 1L << 20;

    @Test
    void aCopyWhoseBytesLeftFallNeverStalls() {
        Convergence convergence = new Convergence(Duration.ofSeconds(10));

        for (int s = 0; s <= 100; s++) {
            // 1 MiB/s copied, 0.5 MiB/s dirtied again: slow, but closer each second.
            assertFalse(
                    convergence.stalled(new BlockJobProgress(s * MIB, 100 * MIB + s * MIB / 2), s * SECOND),
                    "second " + s);
        }
    }

    @Test
    void aCopyThatCopiesButGetsNoCloserStallsOnceTheWindowHasPassed() {
        Convergence convergence = new Convergence(Duration.ofSeconds(10));
        // 90% done, then the guest dirties as fast as the copy copies: 10 MiB left, whatever is copied.
        for (int s = 0; s < 10; s++) {
            assertFalse(
                    convergence.stalled(new BlockJobProgress((90 + s) * MIB, (100 + s) * MIB), s * SECOND),
                    "second " + s);
        }

        assertTrue(convergence.stalled(new BlockJobProgress(100 * MIB, 110 * MIB), 10 * SECOND));
    }

    @Test
    void aCopyThatCopiesNothingIsNotCalledStalled() {
        Convergence convergence = new Convergence(Duration.ofSeconds(10));
        // Throttled to next to nothing by the host's cap, or its target full and waiting: a copy in
        // the other mode would copy no faster.
        convergence.stalled(new BlockJobProgress(10 * MIB, 100 * MIB), 0);

        assertFalse(convergence.stalled(new BlockJobProgress(10 * MIB, 100 * MIB), 600 * SECOND));
    }

    @Test
    void theBytesLeftCountOnlyOnceQemuHasCountedTheWork() {
        Convergence convergence = new Convergence(Duration.ofSeconds(10));
        // QEMU reports 0 of 0 until it has scanned the disk: not 0 bytes left.
        convergence.stalled(new BlockJobProgress(0, 0), 0);
        convergence.stalled(new BlockJobProgress(MIB, 100 * MIB), SECOND);

        assertFalse(convergence.stalled(new BlockJobProgress(20 * MIB, 110 * MIB), 11 * SECOND));
    }

    @Test
    void aNewFewestBytesLeftStartsTheWindowAgain() {
        Convergence convergence = new Convergence(Duration.ofSeconds(10));
        convergence.stalled(new BlockJobProgress(90 * MIB, 100 * MIB), 0);
        convergence.stalled(new BlockJobProgress(95 * MIB, 104 * MIB), 8 * SECOND);

        assertFalse(convergence.stalled(new BlockJobProgress(99 * MIB, 109 * MIB), 17 * SECOND));
        assertTrue(convergence.stalled(new BlockJobProgress(100 * MIB, 110 * MIB), 18 * SECOND));
    }
}
