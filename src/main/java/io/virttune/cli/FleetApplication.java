package io.virttune.cli;

import io.virttune.ExitCode;
import io.virttune.apply.DomainResult;
import io.virttune.apply.StateDirectory;
import io.virttune.fleet.FleetApply;
import io.virttune.fleet.FleetApply.HostApplied;
import io.virttune.fleet.FleetLimit;
import io.virttune.fleet.FleetPlan;
import io.virttune.fleet.FleetPlanJson;
import io.virttune.report.FleetApplyReport;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code virt-tune apply FLEET-PLAN}: each host's part applied on that host by its own virt-tune,
 * over SSH, at most {@code --parallel} hosts at once; one report (docs/fleet.md).
 */
final class FleetApplication {
  private FleetApplication() {}

  /** What each host's virt-tune apply is given besides its plan: the run's mode and choices, as given here. */
  static List<String> remoteOptions(boolean execute, boolean resume, int jobs, Path stateDir, List<String> domains) {
    List<String> options = new ArrayList<>();
    if (execute) {
      options.add("--execute");
    }
    if (resume) {
      options.add("--resume");
    }
    if (jobs != 1) {
      options.add("--jobs=" + jobs);
    }
    if (!stateDir.equals(StateDirectory.DEFAULT)) {
      // A state directory named here is each host's own, at that path.
      options.add("--state-dir=" + stateDir);
    }
    options.addAll(domains);
    return options;
  }

  /** {@code limit}: an Ansible pattern of the hosts to apply to, or null for all of the plan's. */
  static int apply(CommandSpec spec, String text, Path file, String limit, List<String> options, boolean execute,
      boolean json, int parallel) {
    FleetPlan whole = FleetPlanJson.read(text, file.toString());
    FleetPlan fleet = limit == null ? whole : FleetLimit.of(whole, limit, file.toString());
    List<HostApplied> hosts = new FleetApply(FleetOptions.doors(), parallel).apply(fleet, options);
    PrintWriter out = spec.commandLine().getOut();
    if (json) {
      out.print(FleetApplyReport.json(hosts, execute));
    } else {
      if (!execute) {
        out.println("Dry run on every host: nothing is changed. Add --execute to apply.");
      }
      FleetApplyReport.printText(out, hosts, execute, ReportWidth.of(OptionalInt.empty(), VirtTuneCommand.terminal(spec)));
    }
    out.flush();
    List<DomainResult> all = hosts.stream().flatMap(host -> host.results().stream()).toList();
    return hosts.stream().anyMatch(host -> host.error().isPresent()) ? ExitCode.FAILED.code() : ApplyCommand.exitCode(all);
  }
}
