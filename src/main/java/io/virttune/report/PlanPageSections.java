package io.virttune.report;

import io.virttune.plan.DiskPlan;
import io.virttune.plan.DomainPlan;
import io.virttune.plan.Plan;
import io.virttune.plan.Schedule;
import io.virttune.text.Bytes;
import io.virttune.text.Durations;
import java.util.HashMap;
import java.util.Map;

/** The parts of a one-host plan page an operator signs off: its warnings, its windows and each guest's changes. */
final class PlanPageSections {
    static final String STYLE = """
      .warning { color: #9c4221; } details pre { font-size: 12px; background: #f7f7f7; padding: 8px; overflow-x: auto; }
      .guest { border-top: 1px solid #ddd; margin-top: 14px; } .wide { overflow-x: auto; }
      .guest td, .guest th, #windows td:nth-child(2), #windows th:nth-child(2) { text-align: left; } .guest td:last-child { text-align: right; }
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
        Map<String, Schedule.Slot> slots = new HashMap<>();
        Map<String, Integer> windows = new HashMap<>();
        if (plan.schedule() != null) {
            schedule(html, plan.schedule());
            plan.schedule()
                    .windows()
                    .forEach(window -> window.domains().forEach(slot -> {
                        slots.put(slot.domain(), slot);
                        windows.put(slot.domain(), window.number());
                    }));
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
            Schedule.Slot slot = slots.get(domain.name());
            if (slot != null) {
                html.append(", window ")
                        .append(windows.get(domain.name()))
                        .append(", down ")
                        .append(Durations.format(slot.seconds()))
                        .append(" (predicted)");
            }
            html.append("</h3>\n");
            domain.reasons()
                    .forEach(reason -> html.append("<p class=\"blocked\">blocked: ")
                            .append(Html.escape(reason))
                            .append("</p>\n"));
            disks(html, domain);
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

    private static void schedule(StringBuilder html, Schedule schedule) {
        html.append("<h2>Windows</h2>\n<p>Guests down to move, one after another, each copy and its verify at ")
                .append(Bytes.format(schedule.copyBytesPerSecond()))
                .append("/s (")
                .append(Html.escape(schedule.rateBasis()))
                .append(")")
                .append(
                        schedule.windowSeconds() > 0
                                ? "; windows of " + Durations.format(schedule.windowSeconds())
                                : "")
                .append(
                        ".</p>\n<div class=\"wide\"><table id=\"windows\">\n<tr><th>window</th><th>guests</th><th>data</th>"
                                + "<th>down (predicted)</th></tr>\n");
        for (Schedule.Window window : schedule.windows()) {
            html.append("<tr><td>")
                    .append(window.number())
                    .append("</td><td>")
                    .append(Html.escape(String.join(
                            ", ",
                            window.domains().stream().map(Schedule.Slot::domain).toList())))
                    .append("</td><td>")
                    .append(Bytes.format(window.domains().stream()
                            .mapToLong(Schedule.Slot::dataBytes)
                            .sum()))
                    .append("</td><td>")
                    .append(Durations.format(window.seconds()))
                    .append("</td></tr>\n");
        }
        html.append("</table></div>\n");
    }

    private static void disks(StringBuilder html, DomainPlan domain) {
        if (domain.disks().isEmpty()) {
            return;
        }
        html.append(
                "<div class=\"wide\"><table>\n<tr><th>disk</th><th>action</th><th>from</th><th>to</th><th>size</th></tr>\n");
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
                    .append("</td></tr>\n");
        }
        html.append("</table></div>\n");
    }
}
