package io.virttune.cli;

import io.virttune.ExitCode;
import io.virttune.bench.BenchComparison;
import io.virttune.bench.BenchStore;
import io.virttune.bench.StoredRuns;
import io.virttune.fleet.FleetBenchComparison;
import io.virttune.fleet.HostComparisons;
import io.virttune.inspect.DomainSelection;
import io.virttune.report.BenchJsonReport;
import io.virttune.report.BenchTextReport;
import io.virttune.report.FleetBenchHtmlReport;
import io.virttune.report.FleetBenchReport;
import io.virttune.report.HtmlBenchReport;
import io.virttune.report.JsonDocument;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code virt-tune bench compare}: two stored runs of a domain side by side, as a table, JSON or an HTML report. */
@Command(
        name = "compare",
        mixinStandardHelpOptions = true,
        footerHeading = "%nExamples:%n",
        footer = {
            "  virt-tune bench compare web01 before after",
            "  virt-tune bench compare web01 before after --json > web01.json",
            "  virt-tune bench compare web01 before after --html web01.html",
            "  virt-tune bench compare --hosts fleet.json before after --html fleet.html",
            "  virt-tune bench compare --hosts hosts.ini 'web*' before after --json"
        },
        description = {
            "Compare two stored bench runs of a domain, profile by profile: IOPS, MB/s, mean and p99 latency, the change"
                    + " in percent, the mean IOPS change for reads and writes (the geometric mean of the profiles' ratios), and every loss.",
            "With --host/--hosts: BEFORE and AFTER of every domain each host stored both of (or of the DOMAIN names and"
                    + " globs given), read where that host's bench stored them, in one report with a row per host"
                    + " (docs/fleet.md).",
            "Exit status 0 compared, 1 a result could not be read (for a fleet: a host failed), 2 usage."
        })
public final class BenchCompareCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    FleetOptions fleet;

    // Checked in call(): how many words there must be depends on --host/--hosts.
    @Parameters(
            arity = "0..*",
            paramLabel = "DOMAIN BEFORE AFTER",
            description = "the domain (for a fleet: none, or names and globs), then the labels of the two runs")
    List<String> words = List.of();

    @Option(
            names = "--state-dir",
            paramLabel = "DIR",
            description =
                    "where results are stored (default: " + "/var/lib/virt-tune/bench; for a fleet, on each host)")
    Path stateDir = BenchStore.DEFAULT_DIR;

    @Option(
            names = "--json",
            description = "print the comparison as JSON (schema virt-tune/bench-compare, for a fleet"
                    + " virt-tune/fleet-bench-compare, version 1)")
    boolean json;

    @Option(names = "--html", paramLabel = "FILE", description = "also write a self-contained HTML report with charts")
    Path html;

    @Override
    public Integer call() {
        if (VirtTuneCommand.rootUri(spec) != null) {
            throw new ParameterException(
                    spec.commandLine(), "--connect does not apply to bench compare: it reads stored results");
        }
        requireWords(fleet.given() ? 2 : 3);
        String before = words.get(words.size() - 2);
        String after = words.get(words.size() - 1);
        List<String> domains = words.subList(0, words.size() - 2);
        if (fleet.given()) {
            return compareFleet(domains, before, after);
        }
        if (domains.size() != 1) {
            throw new ParameterException(
                    spec.commandLine(),
                    "bench compare takes one DOMAIN BEFORE AFTER" + " (several domains: with --host or --hosts)");
        }
        BenchStore store = new BenchStore(stateDir);
        BenchComparison comparison =
                BenchComparison.of(store.read(domains.get(0), before), store.read(domains.get(0), after));
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            out.print(BenchJsonReport.render(comparison));
        } else {
            new BenchTextReport(out).print(comparison);
        }
        writeHtml(HtmlBenchReport.render(comparison));
        out.flush();
        return ExitCode.OK.code();
    }

    /** Each host's stored runs compared where they are; one report, a failed host never stopping the others. */
    private int compareFleet(List<String> domains, String before, String after) {
        StoredRuns.requireAbsolute(stateDir);
        BenchStore.requireValidLabel(before);
        BenchStore.requireValidLabel(after);
        List<HostComparisons> hosts = new FleetBenchComparison(FleetOptions.doors(), fleet.parallel)
                .compare(fleet.fleet(), stateDir, before, after, new DomainSelection(domains, List.of()));
        FleetBenchReport report = new FleetBenchReport(before, after, hosts);
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            JsonDocument.write(report.json(), out);
        } else {
            report.printText(out, ReportWidth.of(VirtTuneCommand.terminal(spec)));
        }
        writeHtml(FleetBenchHtmlReport.render(before, after, hosts));
        out.flush();
        return hosts.stream().anyMatch(host -> host.error().isPresent()) ? ExitCode.FAILED.code() : ExitCode.OK.code();
    }

    /** As picocli words a missing positional: the fleet's DOMAIN is optional, one host's is not. */
    private void requireWords(int least) {
        List<String> names = List.of("'DOMAIN'", "'BEFORE'", "'AFTER'");
        if (words.size() < least) {
            List<String> missing = names.subList(names.size() - least + words.size(), names.size());
            throw new ParameterException(
                    spec.commandLine(),
                    "Missing required parameter" + (missing.size() == 1 ? "" : "s") + ": "
                            + String.join(", ", missing));
        }
    }

    private void writeHtml(String page) {
        if (html != null) {
            OutputFiles.write(html, page);
            if (!json) {
                spec.commandLine().getOut().println("HTML report written to " + html);
            }
        }
    }
}
