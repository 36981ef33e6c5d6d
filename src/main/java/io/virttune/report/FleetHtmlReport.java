package io.virttune.report;

import io.virttune.fleet.HostOutcome;
import io.virttune.inspect.DiskFacts;
import io.virttune.inspect.ImageFacts;
import io.virttune.inspect.InspectResult;
import io.virttune.inspect.Severity;
import io.virttune.lvm.VolumeGroup;
import io.virttune.recipe.DiskRole;
import io.virttune.text.Bytes;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * A fleet's inspect report as one self-contained HTML page ({@link HtmlPage}): the fleet at a
 * glance, its hosts ranked by findings, the data each host has to move against the room free in
 * its volume groups, and a table with a row per host, failed hosts with their reason.
 */
public final class FleetHtmlReport {
    private static final String STYLE = """
      .why { text-align: left; }
      tr.failed td { color: #c62828; }
      .chart .error { fill: #c62828; } .chart .warning { fill: #e0a100; } .chart .info { fill: #9aa5b1; }
      .chart .fits { fill: #2b6cb0; } .chart .short { fill: #c62828; }
      .chart text.marked { fill: #c62828; font-weight: bold; }
      """;

    private FleetHtmlReport() {}

    public static String render(List<HostOutcome> outcomes) {
        List<HostOutcome> inspected = outcomes.stream()
                .filter(outcome -> outcome.result().isPresent())
                .toList();
        String title = "virt-tune inspect: "
                + (outcomes.size() == 1 ? outcomes.get(0).host().name() : "a fleet of " + outcomes.size() + " hosts");
        StringBuilder html = HtmlPage.open(title, STYLE);
        html.append("<p class=\"summary\" id=\"summary\">")
                .append(inspected.size())
                .append(" inspected, ")
                .append(outcomes.size() - inspected.size())
                .append(" failed; ")
                .append(counted(total(inspected, Severity.ERROR), "error"))
                .append(", ")
                .append(counted(total(inspected, Severity.WARNING), "warning"))
                .append("; ")
                .append(counted(
                        inspected.stream()
                                .mapToLong(o -> o.result().get().diskCount(DiskRole.MOVE_DATA))
                                .sum(),
                        "disk"))
                .append(" to move (")
                .append(Bytes.format(
                        inspected.stream().mapToLong(FleetHtmlReport::toMove).sum()))
                .append(")</p>\n");
        if (!inspected.isEmpty()) {
            html.append("<div class=\"charts\">\n<figure>\n")
                    .append(findingsChart(inspected))
                    .append("</figure>\n<figure>\n")
                    .append(spaceChart(inspected))
                    .append("</figure>\n</div>\n");
        }
        table(html, outcomes);
        return HtmlPage.close(html);
    }

    /** Hosts with the most errors first, then warnings: where to look first. */
    private static String findingsChart(List<HostOutcome> inspected) {
        List<SvgStackedBars.Row> rows = inspected.stream()
                .sorted(Comparator.comparingLong((HostOutcome o) -> -count(o, Severity.ERROR))
                        .thenComparingLong(o -> -count(o, Severity.WARNING)))
                .map(o -> new SvgStackedBars.Row(
                        o.host().name(),
                        List.of(
                                new SvgStackedBars.Segment(count(o, Severity.ERROR), "error"),
                                new SvgStackedBars.Segment(count(o, Severity.WARNING), "warning"),
                                new SvgStackedBars.Segment(count(o, Severity.INFO), "info")),
                        counted(count(o, Severity.ERROR), "error") + ", "
                                + counted(count(o, Severity.WARNING), "warning") + ", " + count(o, Severity.INFO)
                                + " info",
                        count(o, Severity.ERROR) > 0))
                .toList();
        return SvgStackedBars.render(
                "Findings per host",
                List.of(
                        new SvgStackedBars.Key("error", "error"),
                        new SvgStackedBars.Key("warning", "warning"),
                        new SvgStackedBars.Key("info", "info")),
                rows);
    }

    /** A host whose disks to move are larger than its volume groups' free room is marked: its bar's part beyond is red. */
    private static String spaceChart(List<HostOutcome> inspected) {
        List<SvgStackedBars.Row> rows = inspected.stream()
                .map(o -> {
                    long need = toMove(o);
                    long free = free(o);
                    return new SvgStackedBars.Row(
                            o.host().name(),
                            List.of(
                                    new SvgStackedBars.Segment(Math.min(need, free), "fits"),
                                    new SvgStackedBars.Segment(Math.max(0, need - free), "short")),
                            Bytes.format(need) + " to move, " + Bytes.format(free) + " free",
                            need > free);
                })
                .toList();
        return SvgStackedBars.render(
                "Data to move (virtual size) against free room in the VGs",
                List.of(new SvgStackedBars.Key("fits", "fits"), new SvgStackedBars.Key("short", "more than is free")),
                rows);
    }

    private static void table(StringBuilder html, List<HostOutcome> outcomes) {
        html.append(
                "<h2>Hosts</h2>\n<table id=\"hosts\">\n<tr><th>host</th><th>status</th><th>domains</th><th>errors</th>"
                        + "<th>warnings</th><th>info</th><th>disks to move</th><th>to move</th><th>free in VGs</th><th class=\"why\">why</th></tr>\n");
        for (HostOutcome outcome : outcomes) {
            String name = Html.escape(outcome.host().name());
            if (outcome.result().isEmpty()) {
                html.append("<tr class=\"failed\"><td>")
                        .append(name)
                        .append("</td><td>failed</td>")
                        .append("<td>-</td>".repeat(7))
                        .append("<td class=\"why\">")
                        .append(Html.escape(outcome.failure().orElseThrow()))
                        .append("</td></tr>\n");
                continue;
            }
            InspectResult result = outcome.result().get();
            html.append("<tr><td>")
                    .append(name)
                    .append("</td><td>")
                    .append(result.incomplete() ? "incomplete" : "ok")
                    .append("</td><td>")
                    .append(result.facts().domains().size())
                    .append("</td><td>")
                    .append(count(outcome, Severity.ERROR))
                    .append("</td><td>")
                    .append(count(outcome, Severity.WARNING))
                    .append("</td><td>")
                    .append(count(outcome, Severity.INFO))
                    .append("</td><td>")
                    .append(result.diskCount(DiskRole.MOVE_DATA))
                    .append("</td><td>")
                    .append(Bytes.format(toMove(outcome)))
                    .append("</td><td>")
                    .append(Bytes.format(free(outcome)))
                    .append("</td><td class=\"why\">")
                    .append(Html.escape(String.join("; ", result.facts().problems())))
                    .append("</td></tr>\n");
        }
        html.append("</table>\n");
    }

    static String counted(long count, String noun) {
        return count + " " + noun + (count == 1 ? "" : "s");
    }

    private static long count(HostOutcome outcome, Severity severity) {
        return outcome.result().orElseThrow().findingCount(severity);
    }

    private static long total(List<HostOutcome> inspected, Severity severity) {
        return inspected.stream().mapToLong(outcome -> count(outcome, severity)).sum();
    }

    /** What the disks to move need on linear LVs: their images' virtual sizes. */
    private static long toMove(HostOutcome outcome) {
        return outcome.result().orElseThrow().facts().domains().stream()
                .flatMap(domain -> domain.disks().stream())
                .filter(disk -> disk.verdict().role() == DiskRole.MOVE_DATA)
                .map(DiskFacts::image)
                .flatMap(Optional::stream)
                .mapToLong(ImageFacts::virtualSizeBytes)
                .sum();
    }

    private static long free(HostOutcome outcome) {
        return outcome.result()
                .orElseThrow()
                .facts()
                .lvm()
                .map(lvm -> lvm.volumeGroups().stream()
                        .mapToLong(VolumeGroup::freeBytes)
                        .sum())
                .orElse(0L);
    }
}
