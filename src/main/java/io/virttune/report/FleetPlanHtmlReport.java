package io.virttune.report;

import io.virttune.fleet.FleetPlan;
import io.virttune.plan.ConvertImage;
import io.virttune.plan.CopyLive;
import io.virttune.plan.CreateVolume;
import io.virttune.plan.DomainOutcome;
import io.virttune.plan.DomainPlan;
import io.virttune.plan.Plan;
import io.virttune.plan.PlanTarget;
import io.virttune.plan.Step;
import io.virttune.text.Bytes;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A fleet plan as one HTML page ({@link HtmlPage}).
 */
public final class FleetPlanHtmlReport {
    private static final String STYLE = """
      .why { text-align: left; }
      tr.failed td { color: #c62828; } .blocked { color: #c62828; }
      .chart .copied { fill: #2b6cb0; } .chart .provisioned { fill: #9ec5ea; }
      .chart .migrate { fill: #2b6cb0; } .chart .retune { fill: #38a169; } .chart .stage { fill: #6b46c1; }
      .chart .unchanged { fill: #9aa5b1; } .chart .stopped { fill: #c62828; }
      .chart text.marked { fill: #c62828; font-weight: bold; }
      """;
    private static final List<DomainOutcome> OUTCOMES = List.of(
            DomainOutcome.MIGRATE,
            DomainOutcome.RETUNE,
            DomainOutcome.STAGE,
            DomainOutcome.UNCHANGED,
            DomainOutcome.STOPPED);

    /** One host's plan in figures: disks copied, the bytes the copies write, and the size of the LVs created. */
    private record Copies(long disks, long dataBytes, long volumeBytes) {
        static Copies of(Plan plan) {
            List<Step> steps = plan.domains().stream()
                    .flatMap(domain -> domain.steps().stream())
                    .toList();
            Map<String, Long> sizes = steps.stream()
                    .filter(CreateVolume.class::isInstance)
                    .map(CreateVolume.class::cast)
                    .collect(Collectors.toMap(CreateVolume::devicePath, CreateVolume::sizeBytes, Long::sum));
            long disks = 0;
            long data = 0;
            for (Step step : steps) {
                if (step instanceof ConvertImage copy) {
                    // Into a fresh thin LV only the allocated data is written; a linear LV gets the zeros too.
                    disks++;
                    data += copy.targetIsZero() ? copy.allocatedBytes() : copy.virtualSizeBytes();
                } else if (step instanceof CopyLive copy) {
                    // A live copy mirrors the whole disk, zeros included.
                    disks++;
                    data += sizes.getOrDefault(copy.device(), 0L);
                }
            }
            return new Copies(
                    disks,
                    data,
                    sizes.values().stream().mapToLong(Long::longValue).sum());
        }
    }

    private FleetPlanHtmlReport() {}

    public static String render(FleetPlan fleet) {
        List<FleetPlan.HostPlan> planned =
                fleet.hosts().stream().filter(host -> host.plan().isPresent()).toList();
        String title = "virt-tune plan: "
                + (fleet.hosts().size() == 1
                        ? fleet.hosts().get(0).name()
                        : "a fleet of " + fleet.hosts().size() + " hosts");
        Copies all = planned.stream()
                .map(host -> Copies.of(host.plan().get()))
                .reduce(
                        new Copies(0, 0, 0),
                        (a, b) -> new Copies(
                                a.disks() + b.disks(),
                                a.dataBytes() + b.dataBytes(),
                                a.volumeBytes() + b.volumeBytes()));
        StringBuilder html = HtmlPage.open(title, STYLE + PlanPageSections.STYLE);
        html.append("<p class=\"summary\" id=\"summary\">")
                .append(planned.size())
                .append(" planned, ")
                .append(fleet.hosts().size() - planned.size())
                .append(" failed; ")
                .append(FleetHtmlReport.counted(all.disks(), "disk"))
                .append(" to copy, writing ")
                .append(Bytes.format(all.dataBytes()))
                .append(" into ")
                .append(Bytes.format(all.volumeBytes()))
                .append(" of new LVs; ")
                .append(FleetHtmlReport.counted(
                        planned.stream()
                                .mapToLong(host -> count(host.plan().get(), DomainOutcome.STOPPED))
                                .sum(),
                        "domain"))
                .append(" blocked</p>\n");
        if (!planned.isEmpty()) {
            html.append("<div class=\"charts\">\n<figure>\n")
                    .append(copiesChart(planned))
                    .append("</figure>\n<figure>\n")
                    .append(outcomesChart(planned))
                    .append("</figure>\n</div>\n");
        }
        table(html, fleet.hosts());
        if (fleet.hosts().size() == 1 && planned.size() == 1) {
            // One host's page is what its operator signs off: every warning, window and guest, not only the figures.
            PlanPageSections.append(html, planned.get(0).plan().get());
        }
        return HtmlPage.close(html);
    }

    private static String copiesChart(List<FleetPlan.HostPlan> planned) {
        List<SvgStackedBars.Row> rows = planned.stream()
                .map(host -> {
                    Copies copies = Copies.of(host.plan().get());
                    return new SvgStackedBars.Row(
                            TextTable.shorten(host.name(), 18),
                            List.of(
                                    new SvgStackedBars.Segment(copies.dataBytes(), "copied"),
                                    new SvgStackedBars.Segment(
                                            Math.max(0, copies.volumeBytes() - copies.dataBytes()), "provisioned")),
                            Bytes.format(copies.dataBytes()) + " to write, " + Bytes.format(copies.volumeBytes())
                                    + " of LVs",
                            false);
                })
                .toList();
        return SvgStackedBars.render(
                "Planned copies: what they write, within the new LVs",
                List.of(
                        new SvgStackedBars.Key("copied", "written"),
                        new SvgStackedBars.Key("provisioned", "rest of the LVs")),
                rows);
    }

    /** Hosts with blocked domains are marked: a blocked domain is one the operator must look at. */
    private static String outcomesChart(List<FleetPlan.HostPlan> planned) {
        List<SvgStackedBars.Row> rows = planned.stream()
                .map(host -> {
                    Plan plan = host.plan().get();
                    long blocked = count(plan, DomainOutcome.STOPPED);
                    return new SvgStackedBars.Row(
                            TextTable.shorten(host.name(), 18),
                            OUTCOMES.stream()
                                    .map(outcome -> new SvgStackedBars.Segment(count(plan, outcome), cssClass(outcome)))
                                    .toList(),
                            FleetHtmlReport.counted(plan.domains().size(), "domain")
                                    + (blocked > 0 ? ", " + blocked + " blocked" : ""),
                            blocked > 0);
                })
                .toList();
        return SvgStackedBars.render(
                "Domains per host, by what the plan does",
                OUTCOMES.stream()
                        .map(outcome -> new SvgStackedBars.Key(cssClass(outcome), label(outcome)))
                        .toList(),
                rows);
    }

    private static void table(StringBuilder html, List<FleetPlan.HostPlan> hosts) {
        html.append(
                "<h2>Hosts</h2>\n<div class=\"wide\"><table id=\"hosts\">\n<tr><th>host</th><th>status</th><th class=\"why\">target</th>");
        OUTCOMES.forEach(outcome -> html.append("<th>").append(label(outcome)).append("</th>"));
        html.append("<th>disks to copy</th><th>to write</th><th>new LVs</th><th class=\"why\">why</th></tr>\n");
        for (FleetPlan.HostPlan host : hosts) {
            String name = Html.escape(host.name());
            if (host.plan().isEmpty()) {
                html.append("<tr class=\"failed\"><td>")
                        .append(name)
                        .append("</td><td>failed</td>")
                        .append("<td>-</td>".repeat(OUTCOMES.size() + 4))
                        .append("<td class=\"why\">")
                        .append(Html.escape(host.error().orElse("no plan")))
                        .append("</td></tr>\n");
                continue;
            }
            Plan plan = host.plan().get();
            Copies copies = Copies.of(plan);
            html.append("<tr><td>")
                    .append(name)
                    .append("</td><td>")
                    .append(Html.escape(host.status()))
                    .append("</td><td class=\"why\">")
                    .append(Html.escape(target(plan.target())))
                    .append("</td>");
            OUTCOMES.forEach(
                    outcome -> html.append("<td>").append(count(plan, outcome)).append("</td>"));
            html.append("<td>")
                    .append(copies.disks())
                    .append("</td><td>")
                    .append(Bytes.format(copies.dataBytes()))
                    .append("</td><td>")
                    .append(Bytes.format(copies.volumeBytes()))
                    .append("</td><td class=\"why\">")
                    .append(Html.escape(String.join("; ", host.problems())))
                    .append(blocked(plan))
                    .append("</td></tr>\n");
        }
        html.append("</table></div>\n");
    }

    /** Each blocked domain with its first reason up to the advice after it (the text report has it whole), in red. */
    private static String blocked(Plan plan) {
        return plan.domains().stream()
                .filter(domain -> domain.outcome() == DomainOutcome.STOPPED)
                .map(domain -> "<div class=\"blocked\">"
                        + Html.escape(domain.name() + ": "
                                + domain.reasons().stream()
                                        .findFirst()
                                        .map(reason -> reason.split(";")[0])
                                        .orElse("blocked"))
                        + "</div>")
                .collect(Collectors.joining());
    }

    private static String target(PlanTarget target) {
        return target.thinPool() == null ? "VG " + target.vg() : "thin pool " + target.pool();
    }

    private static long count(Plan plan, DomainOutcome outcome) {
        return plan.domains().stream()
                .map(DomainPlan::outcome)
                .filter(outcome::equals)
                .count();
    }

    private static String label(DomainOutcome outcome) {
        return outcome == DomainOutcome.STOPPED ? "blocked" : outcome.name().toLowerCase(Locale.ROOT);
    }

    private static String cssClass(DomainOutcome outcome) {
        return outcome.name().toLowerCase(Locale.ROOT);
    }
}
