package io.virttune.report;

import io.virttune.fleet.HostOutcome;
import io.virttune.inspect.InspectResult;
import io.virttune.inspect.Severity;
import io.virttune.recipe.DiskRole;
import java.io.PrintWriter;
import java.util.List;

/**
 * The inspect report of a fleet as text: one summary row per host (domains, findings by severity,
 * disks to move), the failed hosts and why, then each inspected host's own report.
 */
public final class FleetTextReport {
    private final PrintWriter out;
    private final InspectTextOptions options;

    public FleetTextReport(PrintWriter out, InspectTextOptions options) {
        this.out = out;
        this.options = options;
    }

    public void print(List<HostOutcome> outcomes) {
        TextTable table = new TextTable("HOST", "STATUS", "DOMAINS", "ERROR", "WARNING", "INFO", "DISKS TO MOVE");
        for (HostOutcome outcome : outcomes) {
            if (outcome.result().isEmpty()) {
                table.row(outcome.host().name(), "failed", "-", "-", "-", "-", "-");
                continue;
            }
            InspectResult result = outcome.result().get();
            table.row(
                    outcome.host().name(),
                    result.incomplete() ? "incomplete" : "ok",
                    Integer.toString(result.facts().domains().size()),
                    count(result, Severity.ERROR),
                    count(result, Severity.WARNING),
                    count(result, Severity.INFO),
                    Long.toString(result.diskCount(DiskRole.MOVE_DATA)));
        }
        new FleetSections<>(outcomes, (HostOutcome outcome) -> outcome.host().name(), HostOutcome::failure)
                .eachHost(outcome -> new InspectTextReport(out, options)
                        .print(outcome.result().orElseThrow()))
                .print(out, "inspected", table, "  ", options.width());
    }

    private static String count(InspectResult result, Severity severity) {
        return Long.toString(result.findingCount(severity));
    }
}
