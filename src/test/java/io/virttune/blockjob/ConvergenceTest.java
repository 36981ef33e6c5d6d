package io.virttune.blockjob;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Optional;
import java.util.Random;
import java.util.function.IntToLongFunction;
import org.junit.jupiter.api.Test;

class ConvergenceTest {
    private static final long SECOND = Duration.ofSeconds(1).toNanos();
    private static final long MIB = 1L << 20;
    /** apply's default window: at most 30 s without getting closer, the pace judged over 10 s. */
    private static final Duration WINDOW = Duration.ofSeconds(30);

    @Test
    void aCopyWhoseBytesLeftFallNeverStalls() {
        Convergence convergence = new Convergence(Duration.ofSeconds(10), 100 * MIB);

        for (int s = 0; s <= 100; s++) {
            // 1 MiB/s copied, 0.5 MiB/s dirtied again: slow, but closer each second.
            assertEquals(
                    Optional.empty(),
                    convergence.judge(new BlockJobProgress(s * MIB, 100 * MIB + s * MIB / 2), s * SECOND),
                    "second " + s);
        }
    }

    @Test
    void aCopyThatCopiesButGetsNoCloserIsGivenUpOnceItsPaceIsKnownNotAfterTheWholeWindow() {
        Convergence convergence = new Convergence(WINDOW, 100 * MIB);
        // 90% done, then the guest dirties as fast as the copy copies: 10 MiB left, whatever is copied.
        Optional<String> verdict = Optional.empty();
        int s = 0;
        while (verdict.isEmpty() && s < 30) {
            verdict = convergence.judge(new BlockJobProgress((90 + s) * MIB, (100 + s) * MIB), s * SECOND);
            s++;
        }

        // Judged once the reads span a third of the window (10 s), given up once that pace has held 5 s more.
        assertEquals(16, s, "given up at second " + (s - 1) + ": " + verdict);
        assertEquals(
                Optional.of("over the last 10 s it copied 1.0 MiB/s and got no closer to ready, where a copy made"
                        + " afresh would take about 100 s"),
                verdict);
    }

    @Test
    void aGuestThatOutpacesTheCopyAtAPlateauIsNoticedInSecondsThoughNewFewestsKeepComing() {
        // As live-move.sh's busy case saw it: 90% after 30 s, then stuck there for minutes, the bytes
        // left going up and down with the guest's bursts, now and then a little below the fewest yet,
        // so that the old rule (2 minutes without a new fewest) never fired.
        Random random = new Random(7);
        Convergence convergence = new Convergence(WINDOW, 1024 * MIB);
        long cur = 0;
        int decided = -1;
        for (int s = 0; s < 360 && decided < 0; s++) {
            long left;
            if (s < 30) {
                cur += 30 * MIB;
                left = 1024 * MIB - s * 31 * MIB;
            } else {
                cur += 30 * MIB;
                left = (100 - (s - 30) / 20) * MIB + random.nextInt(24) * MIB;
            }
            if (convergence
                    .judge(new BlockJobProgress(cur, cur + left), s * SECOND)
                    .isPresent()) {
                decided = s;
            }
        }

        assertTrue(decided >= 30 && decided <= 46, "given up within 16 s of the plateau, at second " + decided);
    }

    @Test
    void aGuestThatDirtiesMoreThanTheCopyCopiesIsGivenUpBeforeTheCopyWouldHaveWastedAMinute() {
        // 1 GiB of data, 30 MiB/s copied, the guest dirtying 40 MiB/s spread over the disk: the copy
        // approaches 75% and never gets further.
        MirrorModel mirror = new MirrorModel(1024 * MIB, 30 * MIB, s -> 40 * MIB, new Random(1), 0);

        int decided = mirror.secondGivenUp(new Convergence(WINDOW, 1024 * MIB), 600);

        assertTrue(decided > 10 && decided <= 60, "given up at second " + decided);
    }

    @Test
    void aCopyThatConvergesSlowlyButSurelyIsNeverGivenUp() {
        // 30 MiB/s copied, 27 MiB/s dirtied: 3 MiB/s closer near the end, yet ready.
        MirrorModel mirror = new MirrorModel(1024 * MIB, 30 * MIB, s -> 27 * MIB, new Random(2), 0);

        assertEquals(
                -1, mirror.secondGivenUp(new Convergence(WINDOW, 1024 * MIB), 600), "ready at second " + mirror.second);
        assertTrue(mirror.ready(), "the model copy got ready in 600 s");
    }

    @Test
    void aNoisyCopyThatConvergesIsNeverGivenUp() {
        for (int seed = 0; seed < 50; seed++) {
            Random random = new Random(seed);
            // Bursts of 1 to 4 s at twice the copy's rate, 3 to 8 quiet seconds between them, reads off by
            // up to 16 MiB in flight either way: closer on the whole, further now and then.
            int[] burst = {0, 4};
            IntToLongFunction bursts = s -> {
                if (s >= burst[1]) {
                    burst[0] = s + 1 + random.nextInt(4);
                    burst[1] = burst[0] + 3 + random.nextInt(6);
                }
                return s < burst[0] ? 60 * MIB : 0;
            };
            MirrorModel mirror = new MirrorModel(1024 * MIB, 30 * MIB, bursts, random, 16 * MIB);

            assertEquals(
                    -1,
                    mirror.secondGivenUp(new Convergence(WINDOW, 1024 * MIB), 600),
                    "seed " + seed + ", ready at second " + mirror.second);
            assertTrue(mirror.ready(), "seed " + seed + ": the model copy got ready in 600 s");
        }
    }

    @Test
    void aCopyAfreshIsTheBytesItWritesNotTheJobsFirstCount() {
        // As libvirt 12.8 reported a zero-skipping mirror on forky: 0 of 1 at its first read, 1.8 GiB a
        // second later; then 41 MiB/s copied and 26 MiB/s closer, ready in about a minute. A copy made
        // again writes the 8 GiB disk, 200 s at that rate: this one wins. Judged against a copy of the
        // first count's 1 byte, "about 0 s", it was given up and copied again for minutes.
        Convergence convergence = new Convergence(WINDOW, 8192 * MIB);
        convergence.judge(new BlockJobProgress(0, 1), 0);
        long cur = 0;
        long left = 1840 * MIB;
        for (int s = 1; s <= 60; s++) {
            cur += 41 * MIB;
            left -= 26 * MIB;
            assertEquals(
                    Optional.empty(),
                    convergence.judge(new BlockJobProgress(cur, cur + left), s * SECOND),
                    "second " + s);
        }
    }

    @Test
    void aDiskWhoseSizeLibvirtCannotTellIsJudgedAsACopyAfreshOfUnknownLength() {
        // libvirt reads a disk's capacity as 0 where it does not know it: the copy goes on, judged
        // without a copy afresh to beat. 41 MiB/s copied and 1 MiB/s closer is slow, but closer:
        // against a known 100 MiB disk it would be given up; with no size, it copies on.
        Convergence unknown = new Convergence(WINDOW, 0);
        long cur = 0;
        long left = 1024 * MIB;
        for (int s = 1; s <= 29; s++) {
            cur += 41 * MIB;
            left -= MIB;
            assertEquals(
                    Optional.empty(), unknown.judge(new BlockJobProgress(cur, cur + left), s * SECOND), "second " + s);
        }
        // One that gets no closer at all would be ready never: any copy afresh wins, whatever it writes.
        Convergence stuck = new Convergence(WINDOW, 0);
        Optional<String> verdict = Optional.empty();
        for (int s = 0; s < 30 && verdict.isEmpty(); s++) {
            verdict = stuck.judge(new BlockJobProgress((90 + s) * MIB, (100 + s) * MIB), s * SECOND);
        }
        assertEquals(
                Optional.of("over the last 10 s it copied 1.0 MiB/s and got no closer to ready, where a copy made"
                        + " afresh would be ready some time (the disk's size unknown: libvirt read it as 0)"),
                verdict);
    }

    @Test
    void aCopyThatCopiesNothingIsNotCalledStalled() {
        Convergence convergence = new Convergence(Duration.ofSeconds(10), 100 * MIB);
        // Throttled to next to nothing by the host's cap, or its target full and waiting: a copy in
        // the other mode would copy no faster.
        for (int s = 0; s <= 600; s += 10) {
            assertEquals(
                    Optional.empty(),
                    convergence.judge(new BlockJobProgress(10 * MIB, 100 * MIB), s * SECOND),
                    "second " + s);
        }
    }

    @Test
    void theBytesLeftCountOnlyOnceQemuHasCountedTheWork() {
        Convergence convergence = new Convergence(Duration.ofSeconds(10), 100 * MIB);
        // QEMU reports 0 of 0 until it has scanned the disk: not 0 bytes left.
        convergence.judge(new BlockJobProgress(0, 0), 0);
        convergence.judge(new BlockJobProgress(MIB, 100 * MIB), SECOND);

        assertFalse(convergence
                .judge(new BlockJobProgress(20 * MIB, 110 * MIB), 11 * SECOND)
                .isPresent());
    }

    @Test
    void aNewFewestBytesLeftStartsTheWindowAgain() {
        // Read too seldom for a pace: only the window decides.
        Convergence convergence = new Convergence(Duration.ofSeconds(10), 100 * MIB);
        convergence.judge(new BlockJobProgress(90 * MIB, 100 * MIB), 0);
        convergence.judge(new BlockJobProgress(95 * MIB, 104 * MIB), 8 * SECOND);

        assertFalse(convergence
                .judge(new BlockJobProgress(99 * MIB, 109 * MIB), 17 * SECOND)
                .isPresent());
        assertEquals(
                Optional.of("it got no closer to ready in 10 s (9.0 MiB left at best, 5.0 MiB copied since)"),
                convergence.judge(new BlockJobProgress(100 * MIB, 110 * MIB), 18 * SECOND));
    }

    /**
     * A mirror read once a second: it copies dirty bytes at its rate, and the guest dirties again a
     * share of what is clean, as many bytes a second as {@code dirtied} says for that second.
     */
    private static final class MirrorModel {
        private final long data;
        private final long rate;
        private final IntToLongFunction dirtied;
        private final Random random;
        private final long inFlightNoise;
        private long clean;
        private long cur;
        int second;

        MirrorModel(long data, long rate, IntToLongFunction dirtied, Random random, long inFlightNoise) {
            this.data = data;
            this.rate = rate;
            this.dirtied = dirtied;
            this.random = random;
            this.inFlightNoise = inFlightNoise;
        }

        /** Follows the copy until ready or {@code seconds} have passed; the second it was given up, -1 if never. */
        int secondGivenUp(Convergence convergence, int seconds) {
            for (second = 0; second < seconds; second++) {
                long copied = Math.min(rate, data - clean);
                clean += copied;
                cur += copied;
                if (ready()) {
                    return -1;
                }
                clean -= (long) ((double) dirtied.applyAsLong(second) * clean / data);
                long noise = inFlightNoise == 0 ? 0 : (long) ((random.nextDouble() * 2 - 1) * inFlightNoise);
                long left = Math.max(0, data - clean + noise);
                if (convergence
                        .judge(new BlockJobProgress(cur, cur + left), second * SECOND)
                        .isPresent()) {
                    return second;
                }
            }
            return -1;
        }

        /** Nothing left dirty: QEMU would report the job ready. */
        boolean ready() {
            return clean >= data;
        }
    }
}
