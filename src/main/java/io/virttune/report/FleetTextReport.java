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
    long failed = outcomes.stream().filter(outcome -> outcome.failure().isPresent()).count();
    out.println("Fleet of " + outcomes.size() + " host" + (outcomes.size() == 1 ? "" : "s") + ": "
        + (outcomes.size() - failed) + " inspected, " + failed + " failed");
    TextTable table = new TextTable("HOST", "STATUS", "DOMAINS", "ERROR", "WARNING", "INFO", "DISKS TO MOVE");
    for (HostOutcome outcome : outcomes) {
      if (outcome.result().isEmpty()) {
        table.row(outcome.host().name(), "failed", "-", "-", "-", "-", "-");
        continue;
      }
      InspectResult result = outcome.result().get();
      table.row(outcome.host().name(), result.incomplete() ? "incomplete" : "ok",
          Integer.toString(result.facts().domains().size()),
          count(result, Severity.ERROR), count(result, Severity.WARNING), count(result, Severity.INFO),
          Long.toString(result.diskCount(DiskRole.MOVE_DATA)));
    }
    table.render("  ", options.width()).forEach(out::println);
    if (failed > 0) {
      out.println();
      out.println("Failed hosts:");
      outcomes.forEach(outcome -> outcome.failure().ifPresent(
          why -> out.println("  " + outcome.host().name() + ": " + why)));
    }
    for (HostOutcome outcome : outcomes) {
      outcome.result().ifPresent(result -> {
        out.println();
        out.println("=== " + outcome.host().name() + " ===");
        new InspectTextReport(out, options).print(result);
      });
    }
  }

  private static String count(InspectResult result, Severity severity) {
    return Long.toString(result.findingCount(severity));
  }
}
