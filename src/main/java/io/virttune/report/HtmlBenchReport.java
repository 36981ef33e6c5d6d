package io.virttune.report;

import io.virttune.bench.BenchComparison;
import io.virttune.bench.BenchResult;
import io.virttune.bench.Change;
import io.virttune.bench.Direction;
import io.virttune.bench.Figures;
import io.virttune.bench.IostatFigures;
import io.virttune.bench.Percent;
import io.virttune.bench.ProfileChange;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * The comparison as one self-contained HTML page: inline CSS and SVG bar charts, no scripts, no
 * network, so it can be mailed or archived with a ticket.
 */
public final class HtmlBenchReport {
  private static final String STYLE = """
      body { font-family: sans-serif; margin: 24px; color: #222; max-width: 1000px; }
      h1 { font-size: 22px; } h2 { font-size: 17px; margin-top: 28px; }
      table { border-collapse: collapse; font-size: 13px; }
      th, td { border: 1px solid #ccc; padding: 3px 8px; text-align: right; }
      th:first-child, td:first-child, #sides td { text-align: left; }
      .summary { font-size: 16px; padding: 8px 12px; background: #f3f6fa; border-left: 4px solid #2b6cb0; }
      .gain { color: #1a7f37; } .loss { color: #c62828; font-weight: bold; }
      .chart .before { fill: #9aa5b1; } .chart .after { fill: #2b6cb0; }
      .chart text { font-size: 12px; fill: #222; } .chart .chart-title { font-weight: bold; font-size: 14px; }
      """;

  private HtmlBenchReport() {}

  public static String render(BenchComparison comparison) {
    BenchResult before = comparison.before();
    BenchResult after = comparison.after();
    String title = "virt-tune bench: " + before.domain() + ", " + before.label() + " vs " + after.label();
    StringBuilder html = new StringBuilder();
    html.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>")
        .append(Html.escape(title)).append("</title>\n<style>\n").append(STYLE).append("</style>\n</head>\n<body>\n")
        .append("<h1>").append(Html.escape(title)).append("</h1>\n");
    html.append("<p class=\"summary\" id=\"summary\">Average IOPS change: reads <b>")
        .append(comparison.meanIopsChange(Direction.READ)).append("</b>, writes <b>")
        .append(comparison.meanIopsChange(Direction.WRITE)).append("</b></p>\n");
    losses(html, comparison.losses());
    sides(html, before, after);
    html.append("<h2>Charts</h2>\n");
    chart(html, comparison, "IOPS (higher is better)", ProfileChange::iops);
    chart(html, comparison, "MB/s (higher is better)", ProfileChange::megabytesPerSecond);
    chart(html, comparison, "Mean latency, µs (lower is better)", ProfileChange::meanLatencyMicros);
    chart(html, comparison, "p99 latency, µs (lower is better)", ProfileChange::p99LatencyMicros);
    table(html, comparison);
    if (!comparison.unmatched().isEmpty()) {
      html.append("<p>Not compared: ").append(Html.escape(String.join(", ", comparison.unmatched()))).append("</p>\n");
    }
    return html.append("</body>\n</html>\n").toString();
  }

  private static void losses(StringBuilder html, List<String> losses) {
    if (losses.isEmpty()) {
      html.append("<p id=\"losses\">Losses: none.</p>\n");
      return;
    }
    html.append("<p id=\"losses\" class=\"loss\">Losses (").append(losses.size()).append("):</p>\n<ul>\n");
    losses.forEach(loss -> html.append("<li class=\"loss\">").append(Html.escape(loss)).append("</li>\n"));
    html.append("</ul>\n");
  }

  private static void sides(StringBuilder html, BenchResult before, BenchResult after) {
    html.append("<h2>What was measured</h2>\n<table id=\"sides\">\n<tr><th></th><th>")
        .append(Html.escape(before.label())).append("</th><th>").append(Html.escape(after.label())).append("</th></tr>\n");
    row(html, "time", before.time(), after.time());
    row(html, "disk", before.disk().describe(), after.disk().describe());
    row(html, "source", before.disk().source(), after.disk().source());
    row(html, "profiles", settings(before), settings(after));
    row(html, "fio target", before.target(), after.target());
    row(html, "host device (iostat -x over the run)", host(before), host(after));
    html.append("</table>\n");
  }

  private static String settings(BenchResult result) {
    return String.format(Locale.ROOT, "%s, %s per job, at most %d s, %d loop(s), %s", result.profileSet(),
        Bytes.format(result.sizeBytes()), result.runtimeSeconds(), result.loops(), result.fioVersion());
  }

  private static String host(BenchResult result) {
    IostatFigures io = result.host().device();
    return io == null ? result.host().unavailable() : io.describe();
  }

  private static void row(StringBuilder html, String name, String before, String after) {
    html.append("<tr><td>").append(Html.escape(name)).append("</td><td>").append(Html.escape(before))
        .append("</td><td>").append(Html.escape(after)).append("</td></tr>\n");
  }

  private static void chart(StringBuilder html, BenchComparison comparison, String title,
      Function<ProfileChange, Change> metric) {
    List<SvgBarChart.Row> rows = comparison.changes().stream().map(change -> {
      Change value = metric.apply(change);
      return new SvgBarChart.Row(change.label(), value.before(), value.after(), Figures.format(value.before()),
          Figures.format(value.after()) + " (" + Percent.format(value.percent()) + ")");
    }).toList();
    html.append("<figure>\n").append(SvgBarChart.render(title, comparison.before().label(),
        comparison.after().label(), rows)).append("</figure>\n");
  }

  private static void table(StringBuilder html, BenchComparison comparison) {
    html.append("<h2>All figures</h2>\n<table id=\"changes\">\n<tr><th>profile</th>");
    for (String metric : List.of("IOPS", "MB/s", "mean lat µs", "p99 lat µs")) {
      html.append("<th>").append(Html.escape(metric)).append("</th><th>change</th>");
    }
    html.append("</tr>\n");
    for (ProfileChange change : comparison.changes()) {
      html.append("<tr><td>").append(Html.escape(change.label())).append("</td>");
      for (Change value : List.of(change.iops(), change.megabytesPerSecond(), change.meanLatencyMicros(),
          change.p99LatencyMicros())) {
        html.append("<td>").append(Figures.format(value.before())).append(" → ").append(Figures.format(value.after()))
            .append("</td><td class=\"").append(value.isLoss() ? "loss" : "gain").append("\">")
            .append(Percent.format(value.percent())).append("</td>");
      }
      html.append("</tr>\n");
    }
    html.append("</table>\n");
  }
}
