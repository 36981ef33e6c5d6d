package io.virttune.cli;

import io.virttune.ExitCode;
import io.virttune.apply.ports.DomainResult;
import io.virttune.fleet.HostResults;
import io.virttune.fleet.ProgressRelay;
import io.virttune.report.FleetResultsReport;
import java.io.PrintWriter;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;

/**
 * How a command run on every host of a fleet (apply, rollback) ends here: one report of what each
 * host did, and one exit status.
 */
final class FleetResults {
    private FleetResults() {}

    /**
     * Where the hosts' progress goes while they work: stderr beside a JSON report (stdout is the
     * document), their events as events, else stdout before the report, as text; each line
     * flushed, since hours can pass between.
     */
    static ProgressRelay progress(CommandSpec spec, boolean json) {
        PrintWriter to = json ? spec.commandLine().getErr() : spec.commandLine().getOut();
        return new ProgressRelay(
                line -> {
                    synchronized (to) {
                        to.println(line);
                        to.flush();
                    }
                },
                json);
    }

    /** Prints the report; the exit status is 1 when a host or a domain failed, 3 when a domain was refused, else 0. */
    static int report(
            CommandSpec spec, FleetResultsReport report, List<HostResults> hosts, boolean execute, boolean json) {
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
        List<DomainResult> all =
                hosts.stream().flatMap(host -> host.results().stream()).toList();
        return hosts.stream().anyMatch(host -> host.error().isPresent())
                ? ExitCode.FAILED.code()
                : ApplyCommand.exitCode(all);
    }
}
