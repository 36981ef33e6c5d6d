package io.virttune.report;

import io.virttune.bench.BenchResult;
import io.virttune.bench.Direction;
import io.virttune.bench.Figures;
import io.virttune.bench.IoMetrics;
import io.virttune.bench.ProfileResult;
import java.io.PrintWriter;
import java.util.Optional;

/** One bench run for a terminal: the domain, its disk, a row per profile and direction, the host's device. */
public final class BenchRunTextReport {
    private BenchRunTextReport() {}

    public static void print(PrintWriter out, BenchResult result) {
        out.println("Domain " + result.domain() + " [" + result.label() + "] " + result.time());
        out.println("  disk " + result.disk().describe());
        TextTable table =
                new TextTable("profile", "direction", "IOPS", "peak", "MB/s", "peak", "mean lat ms", "p99 lat ms");
        for (ProfileResult profile : result.profiles()) {
            for (Direction direction : Direction.values()) {
                IoMetrics peak = profile.peak(direction);
                Optional.ofNullable(profile.direction(direction))
                        .ifPresent(m -> table.row(
                                profile.name(),
                                direction.label(),
                                Figures.format(m.iops()),
                                Figures.format(peak.iops()),
                                Figures.format(m.megabytesPerSecond()),
                                Figures.format(peak.megabytesPerSecond()),
                                Figures.milliseconds(m.meanLatencyMicros()),
                                Figures.milliseconds(m.p99LatencyMicros())));
            }
        }
        table.render("  ").forEach(out::println);
        out.println("  host "
                + (result.host().device() == null
                        ? "counters: " + result.host().unavailable()
                        : result.host().device().describe()));
    }
}
