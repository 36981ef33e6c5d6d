package io.virttune.text;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.function.DoubleConsumer;

/**
 * Shows how far a long task (a conversion) has got: a redrawn bar on a terminal, or a line per
 * tenth when the output is a log or several tasks run at once.
 */
public final class ProgressMeter implements DoubleConsumer {
    private static final int WIDTH = 30;

    private final PrintWriter out;
    private final String label;
    private final boolean redraw;
    private final long started = System.nanoTime();
    private int lastTenth = -1;

    public ProgressMeter(PrintWriter out, String label, boolean redraw) {
        this.out = out;
        this.label = label;
        this.redraw = redraw;
    }

    @Override
    public synchronized void accept(double percent) {
        double clamped = Math.max(0, Math.min(100, percent));
        long seconds = (System.nanoTime() - started) / 1_000_000_000L;
        if (redraw) {
            int filled = (int) Math.round(clamped / 100 * WIDTH);
            out.print(String.format(
                    Locale.ROOT,
                    "\r%s [%s%s] %5.1f%% %d:%02d",
                    label,
                    "#".repeat(filled),
                    ".".repeat(WIDTH - filled),
                    clamped,
                    seconds / 60,
                    seconds % 60));
            if (clamped >= 100) {
                out.println();
            }
            out.flush();
            return;
        }
        int tenth = (int) (clamped / 10);
        if (tenth > lastTenth) {
            lastTenth = tenth;
            out.println(String.format(
                    Locale.ROOT, "%s %3d%% after %d:%02d", label, tenth * 10, seconds / 60, seconds % 60));
            out.flush();
        }
    }

    /** Ends a redrawn bar's line when the task stops short of 100%, so that what follows starts a line of its own. */
    public synchronized void stopShort() {
        if (redraw) {
            out.println();
            out.flush();
        }
    }
}
