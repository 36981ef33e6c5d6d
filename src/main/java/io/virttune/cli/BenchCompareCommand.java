package io.virttune.cli;

import io.virttune.ExitCode;
import io.virttune.bench.BenchComparison;
import io.virttune.bench.BenchStore;
import io.virttune.report.BenchJsonReport;
import io.virttune.report.BenchTextReport;
import io.virttune.report.HtmlBenchReport;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
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
      "  virt-tune bench compare web01 before after --html web01.html"
    },
    description = {
      "Compare two stored bench runs of a domain, profile by profile: IOPS, MB/s, mean and p99 latency, the change"
          + " in percent, the average IOPS change for reads and writes, and every loss.",
      "Exit status 0 compared, 1 a result could not be read, 2 usage."
    })
public final class BenchCompareCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(index = "0", paramLabel = "DOMAIN") String domain;

  @Parameters(index = "1", paramLabel = "BEFORE", description = "label of the first run") String before;

  @Parameters(index = "2", paramLabel = "AFTER", description = "label of the second run") String after;

  @Option(names = "--state-dir", paramLabel = "DIR", description = "where results are stored (default: "
      + "/var/lib/virt-tune/bench)")
  Path stateDir = BenchStore.DEFAULT_DIR;

  @Option(names = "--json", description = "print the comparison as JSON (schema virt-tune/bench-compare, version 1)")
  boolean json;

  @Option(names = "--html", paramLabel = "FILE", description = "also write a self-contained HTML report with charts")
  Path html;

  @Override
  public Integer call() {
    if (VirtTuneCommand.connectUri(spec, null) != null) {
      throw new ParameterException(spec.commandLine(),
          "--connect does not apply to bench compare: it reads stored results");
    }
    BenchStore store = new BenchStore(stateDir);
    BenchComparison comparison = BenchComparison.of(store.read(domain, before), store.read(domain, after));
    PrintWriter out = spec.commandLine().getOut();
    if (json) {
      out.print(BenchJsonReport.render(comparison));
    } else {
      new BenchTextReport(out).print(comparison);
    }
    if (html != null) {
      OutputFiles.write(html, HtmlBenchReport.render(comparison));
      if (!json) {
        out.println("HTML report written to " + html);
      }
    }
    out.flush();
    return ExitCode.OK.code();
  }
}
