package io.virttune.report;

import io.virttune.plan.DiskPlan;
import io.virttune.plan.DomainPlan;
import io.virttune.plan.Plan;
import io.virttune.plan.Schedule;
import io.virttune.text.Bytes;

/** The parts of a one-host plan page an operator signs off: its warnings, its windows and each guest's changes. */
final class PlanPageSections {
    static final String STYLE = """
      .warning { color: #9c4221; } details pre { font-size: 12px; background: #f7f7f7; padding: 8px; overflow-x: auto; }
      .guest { border-top: 1px solid #ddd; margin-top: 14px; } .wide { overflow-x: auto; }
      .guest td, .guest th, #windows td:nth-child(2), #windows th:nth-child(2) { text-align: left; } .guest td:nth-child(5) { text-align: right; }
      #live td:last-child, #live th:last-child { text-align: left; }
      """;

    private PlanPageSections() {}

    /** Appends {@code plan}'s warnings, its schedule (if it has one) and its guests, each diff folded. */
    static void append(StringBuilder html, Plan plan) {
        if (!plan.warnings().isEmpty()) {
            html.append("<h2>Warnings</h2>\n<ul id=\"warnings\">\n");
            plan.warnings()
                    .forEach(text -> html.append("<li class=\"warning\">")
                            .append(Html.escape(text))
                            .append("</li>\n"));
            html.append("</ul>\n");
        }
        Schedule schedule = plan.schedule();
        if (schedule != null) {
            PlanPagePredictions.append(html, schedule);
        }
        html.append("<h2>Guests</h2>\n");
        for (DomainPlan domain : plan.domains()) {
            html.append("<section class=\"guest\" id=\"guest-")
                    .append(Html.escape(domain.name()))
                    .append("\">\n<h3>")
                    .append(Html.escape(domain.name()))
                    .append(": ")
                    .append(Html.escape(domain.outcome().name().toLowerCase(java.util.Locale.ROOT)))
                    .append(" [domain ")
                    .append(Html.escape(domain.state()))
                    .append("]");
            if (schedule != null) {
                html.append(Html.escape(PlanPagePredictions.heading(schedule, domain.name())));
            }
            html.append("</h3>\n");
            domain.reasons()
                    .forEach(reason -> html.append("<p class=\"blocked\">blocked: ")
                            .append(Html.escape(reason))
                            .append("</p>\n"));
            disks(html, domain, schedule);
            domain.warnings()
                    .forEach(text -> html.append("<p class=\"warning\">")
                            .append(Html.escape(text))
                            .append("</p>\n"));
            if (domain.diff() != null && !domain.diff().isEmpty()) {
                html.append("<details><summary>the definition's changes (diff)</summary><pre>")
                        .append(Html.escape(domain.diff()))
                        .append("</pre></details>\n");
            }
            html.append("</section>\n");
        }
    }

    /** The domain's disks, each moved one with its predicted copy when the plan has a schedule. */
    private static void disks(StringBuilder html, DomainPlan domain, Schedule schedule) {
        if (domain.disks().isEmpty()) {
            return;
        }
        html.append("<div class=\"wide\"><table>\n<tr><th>disk</th><th>action</th><th>from</th><th>to</th><th>size</th>"
                + (schedule == null ? "" : "<th>copy (predicted)</th>") + "</tr>\n");
        for (DiskPlan disk : domain.disks()) {
            html.append("<tr><td>")
                    .append(Html.escape(disk.target()))
                    .append("</td><td>")
                    .append(Html.escape(disk.action()))
                    .append("</td><td>")
                    .append(Html.escape(disk.source() == null ? "-" : disk.source()))
                    .append("</td><td>")
                    .append(Html.escape(disk.destination() == null ? "-" : disk.destination()))
                    .append("</td><td>")
                    .append(disk.sizeBytes() > 0 ? Bytes.format(disk.sizeBytes()) : "-")
                    .append(
                            schedule == null
                                    ? ""
                                    : "</td><td>"
                                            + Html.escape(
                                                    PlanPagePredictions.disk(schedule, domain.name(), disk.target())))
                    .append("</td></tr>\n");
        }
        html.append("</table></div>\n");
    }
}
