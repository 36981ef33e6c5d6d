package io.virttune.cli;

import io.virttune.fleet.FleetApply;
import io.virttune.fleet.FleetLimit;
import io.virttune.fleet.FleetPlan;
import io.virttune.fleet.FleetPlanJson;
import io.virttune.report.FleetResultsReport;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code virt-tune apply FLEET-PLAN}: each host's part applied on that host by its own virt-tune,
 * over SSH, at most {@code --parallel} hosts at once; one report (docs/fleet.md).
 */
final class FleetApplication {
    private FleetApplication() {}

    /** {@code limit}: an Ansible pattern of the hosts to apply to, or null for all of the plan's. */
    static int apply(
            CommandSpec spec,
            String text,
            Path file,
            String limit,
            List<String> options,
            boolean execute,
            boolean json,
            int parallel) {
        FleetPlan whole = FleetPlanJson.read(text, file.toString());
        FleetPlan fleet = limit == null ? whole : FleetLimit.of(whole, limit, file.toString());
        return FleetResults.report(
                spec,
                FleetResultsReport.APPLY,
                new FleetApply(FleetOptions.doors(), parallel, FleetResults.progress(spec, json)).apply(fleet, options),
                execute,
                json);
    }
}
