package io.virttune.report;

import io.virttune.bench.BenchComparison;
import io.virttune.bench.Comparisons;
import io.virttune.bench.Direction;
import io.virttune.bench.Figures;
import io.virttune.bench.Percent;
import io.virttune.bench.ProfileChange;
import io.virttune.fleet.HostComparisons;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Function;

/**
 * A fleet's bench before and after as one HTML page ({@link HtmlPage}).
 */
public final class FleetBenchHtmlReport {
    /** The figure operators quote first (CrystalDiskMark's RND4K Q32T1), charted per domain when measured. */
    static final String HEADLINE = "rnd4k_q32t1";

    private static final int LABEL_CHARACTERS = 18;
    private static final String STYLE = """
      .why, .disk { text-align: left; }
      figure.alone { max-width: 620px; }
      tr.failed td { color: #c62828; }
      .loss { color: #c62828; font-weight: bold; } .gain { color: #1a7f37; }
      .chart .reads { fill: #2b6cb0; } .chart .writes { fill: #6b46c1; } .chart rect.loss { fill: #c62828; }
      .chart .before { fill: #9aa5b1; } .chart .after { fill: #2b6cb0; }
      .chart text.loss { fill: #c62828; font-weight: bold; } .chart line.zero { stroke: #222; stroke-width: 1; }
      """;
    private static final List<SvgStackedBars.Key> DIRECTIONS =
            List.of(new SvgStackedBars.Key("reads", "reads"), new SvgStackedBars.Key("writes", "writes"));

    private FleetBenchHtmlReport() {}

    public static String render(String before, String after, List<HostComparisons> hosts) {
        FleetBenchReport report = new FleetBenchReport(before, after, hosts);
        Comparisons fleet = report.fleet();
        List<HostComparisons> compared =
                hosts.stream().filter(host -> host.comparisons().isPresent()).toList();
        String title = "virt-tune bench: "
                + (hosts.size() == 1 ? hosts.get(0).host() : "a fleet of " + hosts.size() + " hosts") + ", " + before
                + " vs " + after;
        StringBuilder html = HtmlPage.open(title, STYLE);
        html.append("<p class=\"summary\" id=\"summary\">")
                .append(fleet.compared().size())
                .append(" domain")
                .append(fleet.compared().size() == 1 ? "" : "s")
                .append(" compared on ")
                .append(compared.size())
                .append(" host")
                .append(compared.size() == 1 ? "" : "s")
                .append(" (")
                .append(hosts.size() - compared.size())
                .append(" failed): mean IOPS change reads <b>")
                .append(fleet.meanIopsChange(Direction.READ))
                .append("</b>, writes <b>")
                .append(fleet.meanIopsChange(Direction.WRITE))
                .append("</b>; ")
                .append(lossCount(fleet))
                .append("</p>\n");
        if (!compared.isEmpty()) {
            html.append("<figure class=\"alone\">\n")
                    .append(SvgChangeChart.render(
                            "Mean IOPS change per host",
                            DIRECTIONS,
                            compared.stream()
                                    .map(host -> changeRow(
                                            host.host(), host.comparisons().get()::meanIopsPercent))
                                    .toList()))
                    .append("</figure>\n");
        }
        hostsTable(html, hosts);
        compared.forEach(host -> section(html, host.host(), host.comparisons().get()));
        return HtmlPage.close(html);
    }

    private static String lossCount(Comparisons compared) {
        int losses = compared.lossCount();
        return losses == 0
                ? "no loss"
                : "<span class=\"loss\">" + losses + " loss" + (losses == 1 ? "" : "es") + "</span>";
    }

    private static SvgChangeChart.Row changeRow(String label, Function<Direction, OptionalDouble> mean) {
        List<SvgChangeChart.Bar> bars = new ArrayList<>();
        for (Direction direction : Direction.values()) {
            double percent = mean.apply(direction).orElse(Double.NaN);
            bars.add(new SvgChangeChart.Bar(
                    percent, direction == Direction.READ ? "reads" : "writes", Percent.format(percent)));
        }
        return new SvgChangeChart.Row(TextTable.shorten(label, LABEL_CHARACTERS), bars);
    }

    private static void hostsTable(StringBuilder html, List<HostComparisons> hosts) {
        html.append(
                "<h2>Hosts</h2>\n<table id=\"hosts\">\n<tr><th>host</th><th>status</th><th>domains</th><th>reads</th>"
                        + "<th>writes</th><th>losses</th><th class=\"why\">why</th></tr>\n");
        for (HostComparisons host : hosts) {
            String name = Html.escape(host.host());
            if (host.comparisons().isEmpty()) {
                html.append("<tr class=\"failed\"><td>")
                        .append(name)
                        .append("</td><td>failed</td>")
                        .append("<td>-</td>".repeat(4))
                        .append("<td class=\"why\">")
                        .append(Html.escape(host.error().orElseThrow()))
                        .append("</td></tr>\n");
                continue;
            }
            Comparisons compared = host.comparisons().get();
            html.append("<tr><td><a href=\"#host-")
                    .append(name)
                    .append("\">")
                    .append(name)
                    .append("</a></td><td>ok</td><td>")
                    .append(compared.compared().size())
                    .append("</td>")
                    .append(change(compared.meanIopsPercent(Direction.READ)))
                    .append(change(compared.meanIopsPercent(Direction.WRITE)))
                    .append("<td>")
                    .append(compared.lossCount())
                    .append("</td><td class=\"why\">")
                    .append(Html.escape(notCompared(compared)))
                    .append("</td></tr>\n");
        }
        html.append("</table>\n");
    }

    private static String change(OptionalDouble percent) {
        String text = percent.stream().mapToObj(Percent::format).findFirst().orElse("n/a");
        boolean loss = percent.isPresent() && Math.round(percent.getAsDouble()) < 0;
        return "<td class=\"" + (loss ? "loss" : "gain") + "\">" + text + "</td>";
    }

    private static String notCompared(Comparisons compared) {
        return compared.notCompared().isEmpty() ? "" : "not compared: " + String.join(", ", compared.notCompared());
    }

    /** A host: its domains' changes, its headline profile before and after, its domains' table and losses. */
    private static void section(StringBuilder html, String host, Comparisons compared) {
        String name = Html.escape(host);
        html.append("<h2 id=\"host-")
                .append(name)
                .append("\">")
                .append(name)
                .append("</h2>\n<div class=\"charts\">\n")
                .append("<figure>\n")
                .append(SvgChangeChart.render(
                        host + ": mean IOPS change per domain",
                        DIRECTIONS,
                        compared.compared().stream()
                                .map(c -> changeRow(c.before().domain(), c::meanIopsPercent))
                                .toList()))
                .append("</figure>\n");
        headline(compared)
                .ifPresent(rows -> html.append("<figure>\n")
                        .append(SvgBarChart.render(
                                host + ": " + HEADLINE.toUpperCase(Locale.ROOT).replace('_', ' ')
                                        + " IOPS, before and after",
                                compared.compared().get(0).before().label(),
                                compared.compared().get(0).after().label(),
                                rows))
                        .append("</figure>\n"));
        html.append(
                "</div>\n<table class=\"domains\">\n<tr><th>domain</th><th class=\"disk\">disk before</th>"
                        + "<th class=\"disk\">disk after</th><th>reads</th><th>writes</th><th class=\"why\">losses</th></tr>\n");
        for (BenchComparison comparison : compared.compared()) {
            html.append("<tr><td>")
                    .append(Html.escape(comparison.before().domain()))
                    .append("</td><td class=\"disk\">")
                    .append(Html.escape(comparison.before().disk().describe()))
                    .append("</td><td class=\"disk\">")
                    .append(Html.escape(comparison.after().disk().describe()))
                    .append("</td>")
                    .append(change(comparison.meanIopsPercent(Direction.READ)))
                    .append(change(comparison.meanIopsPercent(Direction.WRITE)))
                    .append("<td class=\"why")
                    .append(
                            comparison.losses().isEmpty()
                                    ? "\">none"
                                    : " loss\">" + Html.escape(String.join("; ", comparison.losses())))
                    .append("</td></tr>\n");
        }
        html.append("</table>\n");
        if (!compared.notCompared().isEmpty()) {
            html.append("<p>")
                    .append(Html.escape("Not compared: " + String.join(", ", compared.notCompared())))
                    .append("</p>\n");
        }
    }

    /** The headline profile's IOPS of each domain that measured it, read and write, before and after. */
    private static Optional<List<SvgBarChart.Row>> headline(Comparisons compared) {
        List<SvgBarChart.Row> rows = new ArrayList<>();
        for (BenchComparison comparison : compared.compared()) {
            for (ProfileChange change : comparison.changes()) {
                if (change.profile().startsWith(HEADLINE + "_")) {
                    rows.add(new SvgBarChart.Row(
                            TextTable.shorten(comparison.before().domain(), LABEL_CHARACTERS - 6) + " "
                                    + change.direction().label(),
                            change.iops().before(),
                            change.iops().after(),
                            Figures.format(change.iops().before()),
                            Figures.format(change.iops().after()) + " ("
                                    + Percent.format(change.iops().percent())
                                    + (change.iops().isLoss() ? ", loss)" : ")"),
                            change.iops().isLoss()));
                }
            }
        }
        return rows.isEmpty() ? Optional.empty() : Optional.of(rows);
    }
}
