package io.virttune.report;

import io.virttune.bench.BenchComparison;
import io.virttune.bench.BenchResult;
import io.virttune.bench.Change;
import io.virttune.bench.Direction;
import io.virttune.bench.Figures;
import io.virttune.bench.HostActivity;
import io.virttune.bench.Percent;
import io.virttune.bench.ProfileChange;
import java.io.PrintWriter;
import java.util.List;
import java.util.function.DoubleFunction;

/** The comparison for a terminal: what was measured on each side, an aligned table, the averages, the losses. */
public final class BenchTextReport {
    private final PrintWriter out;

    public BenchTextReport(PrintWriter out) {
        this.out = out;
    }

    public void print(BenchComparison comparison) {
        BenchResult before = comparison.before();
        BenchResult after = comparison.after();
        out.println("Domain " + before.domain() + ": " + before.label() + " -> " + after.label());
        side(before);
        side(after);
        for (BenchResult side : List.of(before, after)) {
            HostActivity.note(side).ifPresent(note -> out.println("  host counters of " + side.label() + ": " + note));
        }
        out.println();
        TextTable table = new TextTable(
                "profile", "IOPS", "change", "MB/s", "change", "mean lat ms", "change", "p99 lat ms", "change");
        for (ProfileChange change : comparison.changes()) {
            table.row(
                    change.label(),
                    pair(change.iops(), Figures::format),
                    percent(change.iops()),
                    pair(change.megabytesPerSecond(), Figures::format),
                    percent(change.megabytesPerSecond()),
                    pair(change.meanLatencyMicros(), Figures::milliseconds),
                    percent(change.meanLatencyMicros()),
                    pair(change.p99LatencyMicros(), Figures::milliseconds),
                    percent(change.p99LatencyMicros()));
        }
        table.render("  ").forEach(out::println);
        out.println("  (" + before.label() + " -> " + after.label() + "; for latency, lower is better; \"noise\": the"
                + " ranges both sides' runs spread over overlap, so the change is no gain and no loss)");
        out.println();
        out.println("Mean IOPS change (geometric, over the profiles): reads "
                + comparison.meanIopsChange(Direction.READ) + ", writes " + comparison.meanIopsChange(Direction.WRITE));
        long noise = comparison.changes().stream()
                .filter(change -> change.iops().withinNoise())
                .count();
        if (noise > 0) {
            out.println("Within noise: " + noise + " of " + comparison.changes().size() + " IOPS changes"
                    + (noise == comparison.changes().size()
                            ? ": no gain and no loss can be told from these runs"
                            : ""));
        }
        List<String> losses = comparison.losses();
        out.println(losses.isEmpty() ? "Losses: none" : "Losses (" + losses.size() + "):");
        losses.forEach(loss -> out.println("  " + loss));
        if (!comparison.unmatched().isEmpty()) {
            out.println("Not compared: " + String.join(", ", comparison.unmatched()));
        }
        out.flush();
    }

    private void side(BenchResult result) {
        out.println("  " + result.label() + ": " + Figures.time(result.time()) + ", " + result.profileSet()
                + " profiles, " + result.disk().describe());
    }

    private static String percent(Change change) {
        return Percent.format(change.percent()) + (change.withinNoise() ? " noise" : "");
    }

    private static String pair(Change change, DoubleFunction<String> format) {
        return format.apply(change.before()) + " -> " + format.apply(change.after());
    }
}
