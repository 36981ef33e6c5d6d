package io.virttune.text;

import java.io.PrintWriter;
import java.time.Clock;
import java.util.Locale;
import java.util.OptionalLong;
import java.util.function.DoubleConsumer;
import java.util.function.LongSupplier;

/**
 * Shows how far one copy or verify has got and when it should end, as its run's {@link ProgressStyle}
 * asks: a redrawn bar, a line per tenth, or {@link ProgressEvent}s.
 */
public final class ProgressMeter implements DoubleConsumer, ByteProgress {
    private static final int WIDTH = 30;
    private static final long SECOND = 1_000_000_000L;

    private final PrintWriter out;
    private final ProgressStyle style;
    private final String label;
    private final String domain;
    private final String target;
    private final String phase;
    private final LongSupplier nanoTime;
    private final Clock clock;
    private final long started;
    private final ProgressLines lines = new ProgressLines();
    private long total;
    private long done;
    private long lastEvent = Long.MIN_VALUE;
    private boolean ended;
    /** Some progress was shown: the task ran (a dry run's shows none). */
    private boolean shown;
    /** 100% was shown, or the task ended short of it: its end is not shown again. */
    private boolean reached;

    /**
     * A meter of the copy of {@code totalBytes} (0 while unknown) into {@code target}; {@code out}
     * is the domain's log for text, the run's shared stream for events; {@code label} the text's.
     */
    ProgressMeter(
            PrintWriter out,
            ProgressStyle style,
            String label,
            String domain,
            String target,
            String phase,
            long totalBytes,
            LongSupplier nanoTime,
            Clock clock) {
        this.out = out;
        this.style = style;
        this.label = label;
        this.domain = domain;
        this.target = target;
        this.phase = phase;
        this.total = totalBytes;
        this.nanoTime = nanoTime;
        this.clock = clock;
        this.started = nanoTime.getAsLong();
    }

    /** {@code percent} of the total bytes done (qemu-img's progress). */
    @Override
    public synchronized void accept(double percent) {
        double clamped = Math.max(0, Math.min(100, percent));
        show(Math.round(clamped / 100 * total), clamped);
    }

    /**
     * {@code done} of {@code total} bytes: a block job's progress, whose total grows as the guest
     * writes, or a verify's over the windows it compares one by one.
     */
    @Override
    public synchronized void bytes(long done, long total) {
        this.total = total;
        show(done, total <= 0 ? 0 : Math.max(0, Math.min(100, done * 100.0 / total)));
    }

    private void show(long done, double percent) {
        shown = true;
        reached |= percent >= 100;
        this.done = done;
        long nanos = nanoTime.getAsLong() - started;
        switch (style) {
            case BAR -> bar(percent, nanos);
            case LINES ->
                lines.next(label, percent, nanos / SECOND, left(percent, nanos)).ifPresent(this::line);
            case EVENTS -> {
                // At most one a second, and the last one always: a script's log stays small over an hour's copy.
                boolean last = percent >= 100;
                if (last || lastEvent == Long.MIN_VALUE || nanos - lastEvent >= SECOND) {
                    lastEvent = nanos;
                    event(last ? ProgressEvent.DONE : ProgressEvent.RUNNING, done, nanos);
                }
            }
        }
    }

    private void bar(double percent, long nanos) {
        int filled = (int) Math.round(percent / 100 * WIDTH);
        OptionalLong left = left(percent, nanos);
        out.print(String.format(
                Locale.ROOT,
                "\r%s [%s%s] %5.1f%% %s%s",
                label,
                "#".repeat(filled),
                ".".repeat(WIDTH - filled),
                percent,
                Durations.clock(nanos / SECOND),
                left.isPresent() ? " ETA " + Durations.clock(left.getAsLong()) : ""));
        if (percent >= 100) {
            out.println();
        }
        out.flush();
    }

    private void line(String text) {
        out.println(text);
        out.flush();
    }

    private void event(String state, long done, long nanos) {
        if (ended) {
            return;
        }
        ended = !state.equals(ProgressEvent.RUNNING);
        String line =
                new ProgressEvent(clock.instant(), domain, target, phase, state, done, total, nanos / SECOND).line();
        // The stream is shared by the domains a run copies at once: each event stays one whole line.
        synchronized (out) {
            line(line);
        }
    }

    /**
     * The time left at this pace, on the meter's clock: none at the start (no pace yet) or at the end. The pace of
     * the whole task so far, not of the last moments, so that a burst does not swing it.
     */
    private static OptionalLong left(double percent, long nanos) {
        if (percent <= 0 || percent >= 100 || nanos <= 0) {
            return OptionalLong.empty();
        }
        return OptionalLong.of(Math.round(nanos / 1e9 * (100 - percent) / percent));
    }

    /**
     * Ends a task that succeeded at 100% if it has shown some progress but not its end: a tool may
     * stop drawing short of it. One that showed none shows nothing: it did not run (a dry run) or
     * had nothing to read (a verify whose every window the pool's mapping proves zero).
     */
    public synchronized void done() {
        if (shown && !reached) {
            show(total, 100);
        }
    }

    /**
     * Ends the task short of 100% and to be made again: a redrawn bar's line, so that what follows
     * starts a line of its own; the events with a last one that says it stopped.
     */
    public synchronized void stopShort() {
        endShort(ProgressEvent.STOPPED);
    }

    /** Ends the task short of 100% because it failed (its error says why), as {@link #stopShort} does. */
    public synchronized void failed() {
        endShort(ProgressEvent.FAILED);
    }

    private void endShort(String state) {
        if (reached) {
            return;
        }
        reached = true;
        if (style == ProgressStyle.BAR) {
            out.println();
            out.flush();
        } else if (style == ProgressStyle.EVENTS) {
            long nanos = nanoTime.getAsLong() - started;
            event(state, done, nanos);
        }
    }
}
