package io.virttune.report;

import io.virttune.bench.BenchComparison;
import io.virttune.bench.BenchResult;
import io.virttune.bench.Change;
import io.virttune.bench.Direction;
import io.virttune.bench.Figures;
import io.virttune.bench.HostActivity;
import io.virttune.bench.IostatFigures;
import io.virttune.bench.Percent;
import io.virttune.bench.ProfileChange;
import io.virttune.text.Bytes;
import java.util.List;
import java.util.Locale;
import java.util.function.DoubleFunction;
import java.util.function.Function;

/**
 * The comparison as one self-contained HTML page ({@link HtmlPage}) with SVG bar charts.
 * Sequential and random profiles get charts of their own: on one linear scale, 4k random figures
 * are slivers beside 1 MiB sequential ones (a log scale would fit both, but then bar lengths no
 * longer compare).
 */
public final class HtmlBenchReport {
    private static final String STYLE = """
      #sides td, #sides th { text-align: left; }
      .note { font-size: 13px; padding: 6px 12px; background: #fff8e1; border-left: 4px solid #b7791f; }
      .gain { color: #1a7f37; } .loss { color: #c62828; font-weight: bold; }
      .chart .before { fill: #9aa5b1; } .chart .after { fill: #2b6cb0; }
      .chart rect.loss { fill: #c62828; }
      .chart text.loss { fill: #c62828; font-weight: bold; }
      """;

    private HtmlBenchReport() {}

    public static String render(BenchComparison comparison) {
        BenchResult before = comparison.before();
        BenchResult after = comparison.after();
        String title = "virt-tune bench: " + before.domain() + ", " + before.label() + " vs " + after.label();
        StringBuilder html = HtmlPage.open(title, STYLE);
        html.append("<p class=\"summary\" id=\"summary\">Mean IOPS change (geometric, over the profiles): reads <b>")
                .append(comparison.meanIopsChange(Direction.READ))
                .append("</b>, writes <b>")
                .append(comparison.meanIopsChange(Direction.WRITE))
                .append("</b></p>\n");
        losses(html, comparison.losses());
        sides(html, before, after);
        html.append("<h2>Charts</h2>\n");
        charts(html, comparison, false, "Sequential");
        charts(html, comparison, true, "Random");
        table(html, comparison);
        if (!comparison.unmatched().isEmpty()) {
            html.append("<p>Not compared: ")
                    .append(Html.escape(String.join(", ", comparison.unmatched())))
                    .append("</p>\n");
        }
        return HtmlPage.close(html);
    }

    private static void losses(StringBuilder html, List<String> losses) {
        if (losses.isEmpty()) {
            html.append("<p id=\"losses\">Losses: none.</p>\n");
            return;
        }
        html.append("<p id=\"losses\" class=\"loss\">Losses (")
                .append(losses.size())
                .append("):</p>\n<ul>\n");
        losses.forEach(loss ->
                html.append("<li class=\"loss\">").append(Html.escape(loss)).append("</li>\n"));
        html.append("</ul>\n");
    }

    private static void sides(StringBuilder html, BenchResult before, BenchResult after) {
        html.append("<h2>What was measured</h2>\n<table id=\"sides\">\n<tr><th></th><th>")
                .append(Html.escape(before.label()))
                .append("</th><th>")
                .append(Html.escape(after.label()))
                .append("</th></tr>\n");
        row(html, "time", Figures.time(before.time()), Figures.time(after.time()));
        row(html, "disk", before.disk().describe(), after.disk().describe());
        row(html, "source", before.disk().source(), after.disk().source());
        row(html, "profiles", settings(before), settings(after));
        row(html, "fio target", before.target(), after.target());
        row(html, "host device (iostat -x over the run)", host(before), host(after));
        html.append("</table>\n");
        for (BenchResult side : List.of(before, after)) {
            HostActivity.note(side)
                    .ifPresent(note -> html.append("<p class=\"note host-note\">")
                            .append("Host counters of ")
                            .append(Html.escape(side.label()))
                            .append(": ")
                            .append(Html.escape(note))
                            .append("</p>\n"));
        }
    }

    private static String settings(BenchResult result) {
        return String.format(
                Locale.ROOT,
                "%s, %s per run, at most %d s, %d run(s) each, %s",
                result.profileSet(),
                Bytes.format(result.sizeBytes()),
                result.runtimeSeconds(),
                result.loops(),
                result.fioVersion());
    }

    private static String host(BenchResult result) {
        IostatFigures io = result.host().device();
        return io == null ? result.host().unavailable() : io.describe();
    }

    private static void row(StringBuilder html, String name, String before, String after) {
        html.append("<tr><td>")
                .append(Html.escape(name))
                .append("</td><td>")
                .append(Html.escape(before))
                .append("</td><td>")
                .append(Html.escape(after))
                .append("</td></tr>\n");
    }

    /** One kind's charts (sequential or random), IOPS, MB/s and both latencies, side by side. */
    private static void charts(StringBuilder html, BenchComparison comparison, boolean random, String kind) {
        List<ProfileChange> changes =
                comparison.changes().stream().filter(c -> c.random() == random).toList();
        if (changes.isEmpty()) {
            return;
        }
        html.append("<h3>")
                .append(kind)
                .append("</h3>\n<div class=\"charts\" id=\"")
                .append(kind.toLowerCase(Locale.ROOT))
                .append("\">\n");
        String before = comparison.before().label();
        String after = comparison.after().label();
        chart(html, kind + ": IOPS (higher is better)", before, after, changes, ProfileChange::iops, Figures::format);
        chart(
                html,
                kind + ": MB/s (higher is better)",
                before,
                after,
                changes,
                ProfileChange::megabytesPerSecond,
                Figures::format);
        chart(
                html,
                kind + ": mean latency, ms (lower is better)",
                before,
                after,
                changes,
                ProfileChange::meanLatencyMicros,
                micros -> Figures.milliseconds(micros) + " ms");
        chart(
                html,
                kind + ": p99 latency, ms (lower is better)",
                before,
                after,
                changes,
                ProfileChange::p99LatencyMicros,
                micros -> Figures.milliseconds(micros) + " ms");
        html.append("</div>\n");
    }

    private static void chart(
            StringBuilder html,
            String title,
            String before,
            String after,
            List<ProfileChange> changes,
            Function<ProfileChange, Change> metric,
            DoubleFunction<String> format) {
        List<SvgBarChart.Row> rows = changes.stream()
                .map(change -> {
                    Change value = metric.apply(change);
                    return new SvgBarChart.Row(
                            change.label(),
                            value.before(),
                            value.after(),
                            format.apply(value.before()),
                            format.apply(value.after()) + " (" + Percent.format(value.percent())
                                    + (value.isLoss() ? ", loss)" : ")"),
                            value.isLoss());
                })
                .toList();
        html.append("<figure>\n")
                .append(SvgBarChart.render(title, before, after, rows))
                .append("</figure>\n");
    }

    private static void table(StringBuilder html, BenchComparison comparison) {
        html.append("<h2>All figures</h2>\n<table id=\"changes\">\n<tr><th>profile</th>");
        for (String metric : List.of("IOPS", "MB/s", "mean lat ms", "p99 lat ms")) {
            html.append("<th>").append(Html.escape(metric)).append("</th><th>change</th>");
        }
        html.append("</tr>\n");
        for (ProfileChange change : comparison.changes()) {
            html.append("<tr><td>").append(Html.escape(change.label())).append("</td>");
            cells(html, change.iops(), Figures::format);
            cells(html, change.megabytesPerSecond(), Figures::format);
            cells(html, change.meanLatencyMicros(), Figures::milliseconds);
            cells(html, change.p99LatencyMicros(), Figures::milliseconds);
            html.append("</tr>\n");
        }
        html.append("</table>\n");
    }

    private static void cells(StringBuilder html, Change value, DoubleFunction<String> format) {
        html.append("<td>")
                .append(format.apply(value.before()))
                .append(" → ")
                .append(format.apply(value.after()))
                .append("</td><td class=\"")
                .append(value.isLoss() ? "loss" : "gain")
                .append("\">")
                .append(Percent.format(value.percent()))
                .append("</td>");
    }
}
