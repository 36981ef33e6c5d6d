package io.virttune.text;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.Optional;
import java.util.function.DoubleConsumer;
import java.util.function.LongSupplier;

/**
 * Shows how far a long task (a conversion) has got and when it should end: a redrawn bar on a
 * terminal, or a line per tenth when the output is a log or several tasks run at once.
 */
public final class ProgressMeter implements DoubleConsumer {
    private static final int WIDTH = 30;

    private final PrintWriter out;
    private final String label;
    private final boolean redraw;
    private final LongSupplier nanoTime;
    private final long started;
    private int lastTenth = -1;

    public ProgressMeter(PrintWriter out, String label, boolean redraw) {
        this(out, label, redraw, System::nanoTime);
    }

    ProgressMeter(PrintWriter out, String label, boolean redraw, LongSupplier nanoTime) {
        this.out = out;
        this.label = label;
        this.redraw = redraw;
        this.nanoTime = nanoTime;
        this.started = nanoTime.getAsLong();
    }

    @Override
    public synchronized void accept(double percent) {
        double clamped = Math.max(0, Math.min(100, percent));
        long nanos = nanoTime.getAsLong() - started;
        long seconds = nanos / 1_000_000_000L;
        if (redraw) {
            int filled = (int) Math.round(clamped / 100 * WIDTH);
            out.print(String.format(
                    Locale.ROOT,
                    "\r%s [%s%s] %5.1f%% %s%s",
                    label,
                    "#".repeat(filled),
                    ".".repeat(WIDTH - filled),
                    clamped,
                    Durations.clock(seconds),
                    left(clamped, nanos).map(eta -> " ETA " + eta).orElse("")));
            if (clamped >= 100) {
                out.println();
            }
            out.flush();
            return;
        }
        int tenth = (int) (clamped / 10);
        if (tenth > lastTenth) {
            lastTenth = tenth;
            out.println(String.format(Locale.ROOT, "%s %3d%% after %s", label, tenth * 10, Durations.clock(seconds))
                    + left(clamped, nanos)
                            .map(eta -> ", about " + eta + " left")
                            .orElse(""));
            out.flush();
        }
    }

    /**
     * The time left at this pace, on the meter's clock: none at the start (no pace yet) or at the end. The pace of
     * the whole task so far, not of the last moments, so that a burst does not swing it.
     */
    private static Optional<String> left(double percent, long nanos) {
        if (percent <= 0 || percent >= 100 || nanos <= 0) {
            return Optional.empty();
        }
        long seconds = Math.round(nanos / 1e9 * (100 - percent) / percent);
        return Optional.of(Durations.clock(seconds));
    }

    /** Ends a redrawn bar's line when the task stops short of 100%, so that what follows starts a line of its own. */
    public synchronized void stopShort() {
        if (redraw) {
            out.println();
            out.flush();
        }
    }
}
