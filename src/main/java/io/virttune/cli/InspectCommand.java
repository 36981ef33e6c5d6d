package io.virttune.cli;

import io.virttune.ExitCode;
import io.virttune.inspect.DomainSelection;
import io.virttune.inspect.HostFacts;
import io.virttune.inspect.HostFactsSource;
import io.virttune.inspect.HostInspector;
import io.virttune.inspect.InspectResult;
import io.virttune.inspect.rules.RuleBook;
import io.virttune.libvirt.LibvirtConnection;
import io.virttune.report.InspectJsonReport;
import io.virttune.report.InspectTextReport;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code virt-tune inspect}: reads a host and reports, disk by disk, what is slow and why. */
@Command(
    name = "inspect",
    mixinStandardHelpOptions = true,
    footerHeading = "%nExamples:%n",
    footer = {
      "  virt-tune inspect                          # every domain on qemu:///system",
      "  virt-tune inspect 'web*' --exclude web02 -v",
      "  virt-tune -c qemu+ssh://root@hv02/system inspect --json > hv02.json"
    },
    description = {
      "Read a host's domains, images, LVM and settings, and report what is slow and why.",
      "Changes nothing. Exit status 1 when some part could not be read."
    })
public final class InspectCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Mixin ConnectionOptions connection;

  @Mixin SelectionOptions selection;

  @Option(names = "--json", description = "print the report as JSON (schema virt-tune/inspect, version 1)")
  boolean json;

  @Option(names = {"-v", "--verbose"}, description = "show every finding's evidence and fix")
  boolean verbose;

  @Override
  public Integer call() {
    // The command line is checked in full before anything is read, so a usage error is never
    // reported as an unreachable host.
    DomainSelection chosen = selection.selection(true);
    HostFactsSource host = connection.hostFactsSource();
    HostFacts facts;
    try (LibvirtConnection libvirt = connection.open()) {
      facts = new HostInspector(libvirt, host).inspect(chosen);
    }
    InspectResult result = new InspectResult(facts, RuleBook.check(facts));
    PrintWriter out = spec.commandLine().getOut();
    if (json) {
      out.print(InspectJsonReport.render(result));
    } else {
      new InspectTextReport(out, verbose).print(result);
    }
    out.flush();
    return result.incomplete() ? ExitCode.FAILED.code() : ExitCode.OK.code();
  }
}
