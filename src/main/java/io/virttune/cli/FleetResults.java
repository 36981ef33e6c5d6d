package io.virttune.cli;

import io.virttune.ExitCode;
import io.virttune.apply.DomainResult;
import io.virttune.apply.StateDirectory;
import io.virttune.fleet.HostResults;
import io.virttune.report.FleetResultsReport;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import picocli.CommandLine.Model.CommandSpec;

/**
 * How a command run on every host of a fleet (apply, rollback) ends here: its options for the
 * hosts' own virt-tune, one report of what each host did, and one exit status.
 */
final class FleetResults {
  private FleetResults() {}

  /** What every host's virt-tune is given of the run's mode and state, as given here. */
  static List<String> stateOptions(boolean execute, Path stateDir) {
    List<String> options = new ArrayList<>();
    if (execute) {
      options.add("--execute");
    }
    if (!stateDir.equals(StateDirectory.DEFAULT)) {
      // A state directory named here is each host's own, at that path.
      options.add("--state-dir=" + stateDir);
    }
    return options;
  }

  /**
   * Where the hosts' progress lines go while they work: stderr beside a JSON report (stdout is
   * the document), else stdout before the report; each line flushed, since hours can pass between.
   */
  static Consumer<String> progress(CommandSpec spec, boolean json) {
    PrintWriter to = json ? spec.commandLine().getErr() : spec.commandLine().getOut();
    return line -> {
      synchronized (to) {
        to.println(line);
        to.flush();
      }
    };
  }

  /** Prints the report; the exit status is 1 when a host or a domain failed, 3 when a domain was refused, else 0. */
  static int report(CommandSpec spec, FleetResultsReport report, List<HostResults> hosts, boolean execute,
      boolean json) {
    PrintWriter out = spec.commandLine().getOut();
    if (json) {
      out.print(report.json(hosts, execute));
    } else {
      if (!execute) {
        out.println(report.dryRunLine());
      }
      report.printText(out, hosts, execute, ReportWidth.of(VirtTuneCommand.terminal(spec)));
    }
    out.flush();
    List<DomainResult> all = hosts.stream().flatMap(host -> host.results().stream()).toList();
    return hosts.stream().anyMatch(host -> host.error().isPresent()) ? ExitCode.FAILED.code() : ApplyCommand.exitCode(all);
  }
}
