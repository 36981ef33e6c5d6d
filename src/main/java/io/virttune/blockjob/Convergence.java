package io.virttune.blockjob;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Locale;
import java.util.Optional;
import java.util.function.ToLongFunction;

/**
 * Whether a background block copy still gets closer to ready fast enough, or a writing guest
 * outpaces it: judged from how fast its bytes left shrink beside how fast it copies.
 */
public final class Convergence {
    /** The window apply follows a background copy by unless {@code apply --converge-within} says otherwise. */
    public static final Duration DEFAULT_WINDOW = Duration.ofSeconds(30);

    /**
     * A background copy is given up once, at the pace of the last span, it would take longer to be
     * ready than this many copies made afresh at the rate it copies: a copy with synchronous writes
     * starts from nothing, and the guest pays for it in write latency, so it must win clearly.
     */
    private static final int FRESH_COPIES = 2;
    /** Samples kept per span: enough for a slope that one noisy read does not turn. */
    private static final int SAMPLES_PER_SPAN = 16;

    private static final int FEWEST_SAMPLES = 4;
    private static final long MIB = 1L << 20;

    private final long windowNanos;
    private final long spanNanos;
    private final long freshCopyBytes;
    private final Deque<Sample> recent = new ArrayDeque<>();
    private long outpacedSince = -1;
    private long fewestLeft = Long.MAX_VALUE;
    private long fewestLeftAt;
    private long copiedAtFewestLeft;

    /**
     * @param window the longest a copy may go on without a new fewest bytes left; its pace is
     *     judged over the last third of it
     * @param freshCopyBytes what a copy made afresh writes: the copy made again with synchronous
     *     writes is never told the LV reads as zeros, so it writes the whole virtual disk; not the
     *     job's first count (1 byte at a zero-skipping mirror's first read in the lab, which made a
     *     copy afresh "about 0 s" and gave a converging copy up); 0 where it is unknown (libvirt reads
     *     a disk's capacity as 0 where it cannot tell it): then only a copy that gets no closer at all
     *     is given up by its pace, which any copy afresh beats, and the window decides the rest
     */
    public Convergence(Duration window, long freshCopyBytes) {
        if (freshCopyBytes < 0) {
            throw new IllegalArgumentException("a copy made afresh writes something: " + freshCopyBytes);
        }
        this.windowNanos = window.toNanos();
        this.spanNanos = Math.max(1, windowNanos / 3);
        this.freshCopyBytes = freshCopyBytes;
    }

    /**
     * Takes {@code progress} read at {@code nanos} (System.nanoTime); says why the copy is given up,
     * or empty while it still gets closer fast enough.
     */
    public Optional<String> judge(BlockJobProgress progress, long nanos) {
        if (progress.end() <= 0 || (progress.cur() == 0 && progress.end() == 1)) {
            // QEMU has not counted the work yet: "0 left" would be a fewest no copy could beat. libvirt
            // reports such a job's 0 of 0 as 0 of 1 (libvirt 12.8, a zero-skipping mirror's first read).
            return Optional.empty();
        }
        long left = progress.end() - progress.cur();
        if (left < fewestLeft) {
            fewestLeft = left;
            fewestLeftAt = nanos;
            copiedAtFewestLeft = progress.cur();
        } else if (nanos - fewestLeftAt >= windowNanos && progress.cur() > copiedAtFewestLeft) {
            return Optional.of("it got no closer to ready in " + seconds(windowNanos) + " s (" + mib(fewestLeft)
                    + " MiB left at best, " + mib(progress.cur() - copiedAtFewestLeft) + " MiB copied since)");
        }
        if (!record(new Sample(nanos, progress.cur(), left))) {
            return Optional.empty();
        }
        Optional<String> byPace = byPace(left);
        if (byPace.isEmpty()) {
            outpacedSince = -1;
            return byPace;
        }
        if (outpacedSince < 0) {
            outpacedSince = nanos;
        }
        // A burst of writes outpaces a copy for a while; only a pace that holds for half a span more is the guest's.
        return nanos - outpacedSince >= spanNanos / 2 ? byPace : Optional.empty();
    }

    /** Keeps {@code sample} when it is a span's share after the last kept; drops those a whole span old. */
    private boolean record(Sample sample) {
        if (!recent.isEmpty() && sample.nanos() - recent.getLast().nanos() < spanNanos / SAMPLES_PER_SPAN) {
            return false;
        }
        recent.addLast(sample);
        while (recent.size() > 2 && sample.nanos() - secondOldest().nanos() >= spanNanos) {
            recent.removeFirst();
        }
        return true;
    }

    /** The copy's pace over the last span, when it says the guest outpaces it. */
    private Optional<String> byPace(long left) {
        long covered = recent.getLast().nanos() - recent.getFirst().nanos();
        if (recent.size() < FEWEST_SAMPLES || covered < spanNanos) {
            return Optional.empty();
        }
        double copyRate = slope(Sample::cur);
        if (copyRate <= 0) {
            // Copying nothing (throttled, or its target full and waiting): the other mode would not copy faster.
            return Optional.empty();
        }
        double closerRate = -slope(Sample::left);
        if (freshCopyBytes == 0) {
            // Neither a floor of a byte (any copy afresh "about 0 s": every busy copy given up) nor the
            // job's end (what is copied again counts in it; no disk's size) stands for the disk: of
            // unknown length, a copy afresh surely beats only one never ready at this pace.
            return closerRate > 0
                    ? Optional.empty()
                    : Optional.of(over(covered, copyRate) + "no closer to ready, where a copy made afresh would be"
                            + " ready some time (the disk's size unknown: libvirt read it as 0)");
        }
        // Ready at this pace in left / closerRate, afresh in freshCopyBytes / copyRate: compared without dividing.
        if (closerRate * FRESH_COPIES * freshCopyBytes >= copyRate * left) {
            return Optional.empty();
        }
        String pace = closerRate <= 0
                ? "no closer to ready"
                : mib(closerRate) + " MiB/s closer to ready (ready in about " + Math.round(left / closerRate)
                        + " s at that pace)";
        return Optional.of(over(covered, copyRate) + pace + ", where a copy made afresh would take about "
                + Math.round(freshCopyBytes / copyRate) + " s");
    }

    private static String over(long covered, double copyRate) {
        return "over the last " + seconds(covered) + " s it copied " + mib(copyRate) + " MiB/s and got ";
    }

    /** Least-squares slope, bytes per second, of {@code value} over the recent samples. */
    private double slope(ToLongFunction<Sample> value) {
        long origin = recent.getFirst().nanos();
        double meanTime = 0;
        double meanValue = 0;
        for (Sample sample : recent) {
            meanTime += (sample.nanos() - origin) / 1e9;
            meanValue += value.applyAsLong(sample);
        }
        meanTime /= recent.size();
        meanValue /= recent.size();
        double covariance = 0;
        double variance = 0;
        for (Sample sample : recent) {
            double time = (sample.nanos() - origin) / 1e9 - meanTime;
            covariance += time * (value.applyAsLong(sample) - meanValue);
            variance += time * time;
        }
        return variance == 0 ? 0 : covariance / variance;
    }

    private Sample secondOldest() {
        var samples = recent.iterator();
        samples.next();
        return samples.next();
    }

    private static long seconds(long nanos) {
        return Math.round(nanos / 1e9);
    }

    private static String mib(double bytes) {
        return bytes >= 10 * MIB
                ? Long.toString(Math.round(bytes / MIB))
                : String.format(Locale.ROOT, "%.1f", bytes / MIB);
    }

    /** One read of the copy: when, bytes copied, bytes left. */
    private record Sample(long nanos, long cur, long left) {}
}
