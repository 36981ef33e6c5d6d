package io.virttune.report;

import io.virttune.fleet.FleetPlan;
import io.virttune.plan.DomainOutcome;
import io.virttune.plan.Plan;
import java.io.PrintWriter;
import java.util.Locale;

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
    long failed = fleet.hosts().stream().filter(host -> host.plan().isEmpty()).count();
    int count = fleet.hosts().size();
    out.println("Fleet of " + count + " host" + (count == 1 ? "" : "s") + ": " + (count - failed) + " planned, "
        + failed + " failed");
    TextTable table = new TextTable("HOST", "STATUS", "DOMAINS", "MIGRATE", "RETUNE", "STAGE", "UNCHANGED", "BLOCKED");
    for (FleetPlan.HostPlan host : fleet.hosts()) {
      if (host.plan().isEmpty()) {
        table.row(host.name(), host.status(), "-", "-", "-", "-", "-", "-");
        continue;
      }
      Plan plan = host.plan().get();
      table.row(host.name(), host.status(), Integer.toString(plan.domains().size()), count(plan, DomainOutcome.MIGRATE),
          count(plan, DomainOutcome.RETUNE), count(plan, DomainOutcome.STAGE), count(plan, DomainOutcome.UNCHANGED),
          count(plan, DomainOutcome.STOPPED));
    }
    table.render("  ", width).forEach(out::println);
    if (failed > 0) {
      out.println();
      out.println("Failed hosts:");
      fleet.hosts().forEach(host -> host.error().ifPresent(why -> out.println("  " + host.name() + ": " + why)));
    }
    for (FleetPlan.HostPlan host : fleet.hosts()) {
      host.plan().ifPresent(plan -> {
        out.println();
        out.println("=== " + host.name() + " ===");
        host.problems().forEach(problem -> out.println("could not read: " + problem));
        new PlanTextReport(out, diffs, width).print(plan);
      });
    }
  }

  private static String count(Plan plan, DomainOutcome outcome) {
    return String.format(Locale.ROOT, "%d", plan.domains().stream().filter(domain -> domain.outcome() == outcome).count());
  }
}
