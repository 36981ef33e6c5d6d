package io.virttune.cli;

import io.virttune.ExitCode;
import io.virttune.VirtTuneException;
import io.virttune.fleet.FleetDoors;
import io.virttune.fleet.FleetWork;
import io.virttune.inspect.DomainSelection;
import io.virttune.inspect.HostFacts;
import io.virttune.inspect.HostInspector;
import io.virttune.plan.DomainPlan;
import io.virttune.report.SnippetsJsonReport;
import io.virttune.snippets.FleetMember;
import io.virttune.snippets.FleetSnippetBook;
import io.virttune.snippets.HostTuning;
import io.virttune.snippets.SnippetBook;
import io.virttune.snippets.SnippetFolder;
import io.virttune.snippets.SnippetFormat;
import io.virttune.snippets.SnippetOptions;
import io.virttune.snippets.SnippetSet;
import io.virttune.xml.DomainXml;
import java.io.PrintWriter;
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
            "  virt-tune snippets --plan plan.json --format ansible --out hv01-ansible",
            "  virt-tune snippets --hosts fleet.yml --format ansible --out fleet"
        },
        description = {
            "Write host configuration computed from a host's facts into a folder, for review: hugepages"
                    + " (GRUB and run time), LVM, the SSD I/O scheduler (udev), sysctl, filesystem and"
                    + " over-provisioning advice, and warnings. Applies nothing.",
            "For a fleet (--host, --hosts): a folder per host, an index, and with --format ansible one"
                    + " playbook: one play for every host, each host's numbers in its host_vars.",
            "Exit status 1 when some facts (or, for a fleet, some host) could not be read; the snippets"
                    + " of what was read are still written."
        })
public final class SnippetsCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    ConnectionOptions connection;

    @Mixin
    FleetOptions fleet;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "a new or empty directory")
    Path out;

    @Option(
            names = "--format",
            paramLabel = "FORMAT",
            defaultValue = "files",
            description = "files (default), or ansible: the same files plus site.yml and inventory.ini")
    SnippetFormat format;

    @Option(
            names = "--multi-tenant",
            description = "guests of several customers share the host: only the thin-pool settings that keep"
                    + " zeroing on (by default both variants are written, with the trade-off)")
    boolean multiTenant;

    @Option(
            names = "--hugepages-margin",
            paramLabel = "PCT",
            defaultValue = "10",
            description = "hugepages reserved on top of the guests' memory, in percent (default 10)")
    int hugepagesMargin;

    @Option(
            names = "--for-domains",
            paramLabel = "GLOB",
            arity = "1..*",
            description = "also size hugepages for these domains, which you plan to move to hugepages")
    List<String> forDomains = new ArrayList<>();

    @Option(
            names = "--json",
            description = "print what was written as JSON (schema virt-tune/snippets, version 1):"
                    + " each file's path and text, and what could not be read")
    boolean json;

    @Option(
            names = "--plan",
            paramLabel = "FILE",
            description = "also size hugepages for the domains this plan (virt-tune plan --out) backs with them")
    Path plan;

    @Override
    public Integer call() {
        if (fleet.given()) {
            return fleetSnippets();
        }
        List<String> hugepageDomains = new ArrayList<>(forDomains);
        if (plan != null) {
            hugepageDomains.addAll(PlanFiles.read(plan).domains().stream()
                    .filter(domain -> domain.newXml() != null)
                    .filter(domain -> DomainXml.parse(domain.newXml(), "planned " + domain.name())
                            .memoryBacking()
                            .hasHugepages())
                    .map(DomainPlan::name)
                    .toList());
        }
        HostFacts facts = HostInspector.readWithoutEmulators(
                connection.uri(), connection.hostFactsSource(), DomainSelection.all());
        Map<String, String> files =
                SnippetBook.render(facts, new HostTuning(connection.hostFiles()), options(hugepageDomains));
        new SnippetFolder(out).write(files);
        PrintWriter output = spec.commandLine().getOut();
        if (json) {
            output.print(SnippetsJsonReport.render(out, files, facts.problems()));
        } else {
            output.println(
                    "wrote " + files.size() + " files to " + out + " (start with " + out.resolve("README.md") + ")");
            facts.problems().forEach(problem -> output.println("could not read: " + problem));
        }
        output.flush();
        return facts.problems().isEmpty() ? ExitCode.OK.code() : ExitCode.FAILED.code();
    }

    /** Every host read through its own door, at most --parallel at once; a host that fails is listed, not fatal. */
    private int fleetSnippets() {
        if (connection.namesAHost() || plan != null) {
            throw VirtTuneException.usage("--host and --hosts name the hosts: give them without --connect, --host-facts"
                    + " or --plan (a plan is one host's)");
        }
        FleetDoors doors = FleetOptions.doors();
        SnippetOptions options = options(forDomains);
        List<FleetWork.Done<HostSnippets>> done = new FleetWork<>(
                        host -> {
                            FleetDoors.Reach reach = doors.reach(host);
                            HostFacts facts = HostInspector.readWithoutEmulators(
                                    reach.libvirtUri(), reach.facts(), DomainSelection.all());
                            return new HostSnippets(
                                    facts, SnippetBook.renderSet(facts, new HostTuning(reach.files()), options));
                        },
                        fleet.parallel)
                .run(fleet.fleet());
        Map<String, String> files = FleetSnippetBook.render(
                done.stream()
                        .map(host -> new FleetMember(
                                host.host().name(),
                                host.host().variables(),
                                host.value().map(HostSnippets::snippets),
                                host.failure()))
                        .toList(),
                format);
        new SnippetFolder(out).write(files);
        PrintWriter output = spec.commandLine().getOut();
        long written = done.stream().filter(host -> host.value().isPresent()).count();
        List<String> said = new ArrayList<>();
        boolean incomplete = written < done.size();
        for (FleetWork.Done<HostSnippets> host : done) {
            host.failure().ifPresent(why -> said.add(host.host().name() + ": failed: " + why));
            List<String> problems =
                    host.value().map(snippets -> snippets.facts().problems()).orElse(List.of());
            problems.forEach(problem -> said.add(host.host().name() + ": could not read: " + problem));
            incomplete |= !problems.isEmpty();
        }
        if (json) {
            output.print(SnippetsJsonReport.render(out, files, said));
        } else {
            output.println("wrote " + files.size() + " files for " + written + " of " + done.size() + " hosts to " + out
                    + " (start with " + out.resolve("README.md") + ")");
            said.forEach(output::println);
        }
        output.flush();
        return incomplete ? ExitCode.FAILED.code() : ExitCode.OK.code();
    }

    /** A fleet host's facts, for its problems, and its rendered folder. */
    private record HostSnippets(HostFacts facts, SnippetSet snippets) {}

    private SnippetOptions options(List<String> hugepageDomains) {
        return new SnippetOptions(format, multiTenant, hugepagesMargin, hugepageDomains);
    }
}
