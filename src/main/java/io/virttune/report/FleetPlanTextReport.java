package io.virttune.report;

import io.virttune.fleet.FleetPlan;
import io.virttune.plan.DomainOutcome;
import io.virttune.plan.Plan;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.Optional;

/**
 * A fleet plan as text: one summary row per host (its domains by outcome), the hosts that could
 * not be planned and why, then each planned host's own plan report.
 */
public final class FleetPlanTextReport {
    private final PrintWriter out;
    private final boolean diffs;
    private final int width;

    public FleetPlanTextReport(PrintWriter out, boolean diffs, int width) {
        this.out = out;
        this.diffs = diffs;
        this.width = width;
    }

    public void print(FleetPlan fleet) {
        TextTable table =
                new TextTable("HOST", "STATUS", "DOMAINS", "MIGRATE", "RETUNE", "STAGE", "UNCHANGED", "BLOCKED");
        for (FleetPlan.HostPlan host : fleet.hosts()) {
            if (host.plan().isEmpty()) {
                table.row(host.name(), host.status(), "-", "-", "-", "-", "-", "-");
                continue;
            }
            Plan plan = host.plan().get();
            table.row(
                    host.name(),
                    host.status(),
                    Integer.toString(plan.domains().size()),
                    count(plan, DomainOutcome.MIGRATE),
                    count(plan, DomainOutcome.RETUNE),
                    count(plan, DomainOutcome.STAGE),
                    count(plan, DomainOutcome.UNCHANGED),
                    count(plan, DomainOutcome.STOPPED));
        }
        new FleetSections<>(fleet.hosts(), FleetPlan.HostPlan::name, FleetPlanTextReport::failure)
                .eachHost(host -> {
                    host.problems().forEach(problem -> out.println("could not read: " + problem));
                    new PlanTextReport(out, diffs, width).print(host.plan().orElseThrow());
                })
                .print(out, "planned", table, "  ", width);
    }

    /** A host without a plan failed, with its section's reason. */
    private static Optional<String> failure(FleetPlan.HostPlan host) {
        return host.plan().isPresent()
                ? Optional.empty()
                : Optional.of(host.error().orElse("no plan"));
    }

    private static String count(Plan plan, DomainOutcome outcome) {
        return String.format(
                Locale.ROOT,
                "%d",
                plan.domains().stream()
                        .filter(domain -> domain.outcome() == outcome)
                        .count());
    }
}
