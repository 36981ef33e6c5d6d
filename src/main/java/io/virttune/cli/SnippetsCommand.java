package io.virttune.cli;

import io.virttune.ExitCode;
import io.virttune.inspect.DomainSelection;
import io.virttune.inspect.HostFacts;
import io.virttune.inspect.HostInspector;
import io.virttune.libvirt.LibvirtConnection;
import io.virttune.snippets.HostTuning;
import io.virttune.snippets.SnippetBook;
import io.virttune.snippets.SnippetFolder;
import io.virttune.snippets.SnippetFormat;
import io.virttune.snippets.SnippetOptions;
import java.io.PrintWriter;
import io.virttune.plan.DomainPlan;
import io.virttune.xml.DomainXml;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code virt-tune snippets}: writes host configuration for an operator to review, never applied. */
@Command(
    name = "snippets",
    mixinStandardHelpOptions = true,
    footerHeading = "%nExamples:%n",
    footer = {
      "  virt-tune snippets --out hv01-snippets",
      "  virt-tune snippets --plan plan.json --format ansible --out hv01-ansible"
    },
    description = {
      "Write host configuration computed from a host's facts into a folder, for review: hugepages"
          + " (GRUB and run time), LVM, the SSD I/O scheduler (udev), sysctl, filesystem and"
          + " over-provisioning advice, and warnings. Applies nothing.",
      "Exit status 1 when some facts could not be read (the snippets are still written)."
    })
public final class SnippetsCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Mixin ConnectionOptions connection;

  @Option(names = "--out", required = true, paramLabel = "DIR", description = "a new or empty directory")
  Path out;

  @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "files",
      description = "files (default), or ansible: the same files plus site.yml and inventory.ini")
  SnippetFormat format;

  @Option(names = "--multi-tenant",
      description = "guests of several customers share the host: only the thin-pool settings that keep"
          + " zeroing on (by default both variants are written, with the trade-off)")
  boolean multiTenant;

  @Option(names = "--hugepages-margin", paramLabel = "PCT", defaultValue = "10",
      description = "hugepages reserved on top of the guests' memory, in percent (default 10)")
  int hugepagesMargin;

  @Option(names = "--for-domains", paramLabel = "GLOB", arity = "1..*",
      description = "also size hugepages for these domains, which you plan to move to hugepages")
  List<String> forDomains = new ArrayList<>();

  @Option(names = "--plan", paramLabel = "FILE",
      description = "also size hugepages for the domains this plan (virt-tune plan --out) backs with them")
  Path plan;

  @Override
  public Integer call() {
    List<String> hugepageDomains = new ArrayList<>(forDomains);
    if (plan != null) {
      hugepageDomains.addAll(PlanFiles.read(plan).domains().stream()
          .filter(domain -> domain.newXml() != null)
          .filter(domain -> DomainXml.parse(domain.newXml(), "planned " + domain.name()).memoryBacking().hasHugepages())
          .map(DomainPlan::name).toList());
    }
    HostFacts facts;
    try (LibvirtConnection libvirt = connection.open()) {
      facts = new HostInspector(libvirt, connection.hostFactsSource()).inspect(DomainSelection.all());
    }
    HostTuning tuning = new HostTuning(
        connection.hostFacts == null ? Path.of("/") : connection.hostFacts.resolve("host"));
    Map<String, String> files = SnippetBook.render(
        facts, tuning, new SnippetOptions(format, multiTenant, hugepagesMargin, hugepageDomains));
    new SnippetFolder(out).write(files);
    PrintWriter output = spec.commandLine().getOut();
    output.println("wrote " + files.size() + " files to " + out + " (start with " + out.resolve("README.md") + ")");
    facts.problems().forEach(problem -> output.println("could not read: " + problem));
    output.flush();
    return facts.problems().isEmpty() ? ExitCode.OK.code() : ExitCode.FAILED.code();
  }

}
