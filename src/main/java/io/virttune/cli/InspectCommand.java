package io.virttune.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.virttune.ExitCode;
import io.virttune.VirtTuneException;
import io.virttune.fleet.FleetDoors;
import io.virttune.fleet.FleetHost;
import io.virttune.fleet.FleetInspection;
import io.virttune.fleet.HostOutcome;
import io.virttune.inspect.DomainSelection;
import io.virttune.inspect.HostFacts;
import io.virttune.inspect.HostFactsSource;
import io.virttune.inspect.HostInspector;
import io.virttune.inspect.InspectResult;
import io.virttune.inspect.Severity;
import io.virttune.inspect.rules.RuleBook;
import io.virttune.report.FleetHtmlReport;
import io.virttune.report.FleetJsonReport;
import io.virttune.report.FleetTextReport;
import io.virttune.report.InspectJsonReport;
import io.virttune.report.InspectTextOptions;
import io.virttune.report.InspectTextReport;
import io.virttune.report.JsonDocument;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import java.util.function.Supplier;
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
            "  virt-tune inspect --severity warning --width 100",
            "  virt-tune -c qemu+ssh://root@hv02/system inspect --json > hv02.json",
            "  virt-tune inspect --host hv01 --host hv02       # over SSH, one report",
            "  virt-tune inspect --hosts inventory.ini --limit kvm --parallel 8 --json"
        },
        description = {
            "Read a host's domains, images, LVM and settings, and report what is slow and why.",
            "Changes nothing. Exit status 1 when some part (or, for a fleet, some host) could not be read."
        })
public final class InspectCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    ConnectionOptions connection;

    @Mixin
    SelectionOptions selection;

    @Mixin
    FleetOptions fleet;

    @Option(names = "--json", description = "print the report as JSON (schema virt-tune/inspect, version 1)")
    boolean json;

    @Option(
            names = {"-v", "--verbose"},
            description = "show every finding's evidence beside its fix")
    boolean verbose;

    @Option(
            names = "--severity",
            paramLabel = "LEVEL",
            converter = SeverityConverter.class,
            completionCandidates = SeverityConverter.Names.class,
            description = "show only findings of LEVEL and above: error, warning or info (the default: all)")
    Severity severity;

    @Option(
            names = "--width",
            paramLabel = "COLUMNS",
            description = "fit the text to COLUMNS (0: no limit); default $COLUMNS, else the terminal's width,"
                    + " else no limit (a file or a pipe). Narrower than a table, SOURCE is shortened, then the"
                    + " driver settings are left out (the findings state them)")
    Integer width;

    @Option(
            names = "--html",
            paramLabel = "FILE",
            description = "also write the report as one HTML page: hosts by findings, data to move against free room")
    Path html;

    @Override
    public Integer call() {
        // The command line is checked in full before anything is read, so a usage error is never
        // reported as an unreachable host.
        DomainSelection chosen = selection.selection(true);
        InspectTextOptions text = textOptions();
        if (fleet.given()) {
            return inspectFleet(chosen, text);
        }
        InspectResult result = inspectOne(connection.uri(), connection.hostFactsSource(), chosen);
        writeHtml(List.of(
                HostOutcome.inspected(FleetHost.named(result.facts().identity().hostname()), result)));
        return report(
                () -> InspectJsonReport.document(result),
                out -> new InspectTextReport(out, text).print(result),
                result.incomplete());
    }

    private InspectTextOptions textOptions() {
        if (json && severity != null) {
            throw VirtTuneException.usage(
                    "--severity shapes the text report; --json has every finding with its \"severity\"");
        }
        if (json && width != null) {
            throw VirtTuneException.usage("--width shapes the text report; --json has no width");
        }
        if (width != null && width < 0) {
            throw VirtTuneException.usage("--width takes a number of columns, or 0 for no limit");
        }
        return new InspectTextOptions(
                verbose,
                severity == null ? Severity.INFO : severity,
                json
                        ? 0
                        : ReportWidth.of(
                                width == null ? OptionalInt.empty() : OptionalInt.of(width),
                                VirtTuneCommand.terminal(spec)));
    }

    private int inspectFleet(DomainSelection chosen, InspectTextOptions text) {
        if (connection.namesAHost()) {
            throw VirtTuneException.usage(
                    "--host and --hosts name the hosts: give them without --connect or --host-facts");
        }
        List<FleetHost> hosts = fleet.fleet();
        FleetDoors doors = FleetOptions.doors();
        List<HostOutcome> outcomes =
                new FleetInspection(host -> inspectOne(doors.reach(host), chosen), fleet.parallel).inspect(hosts);
        writeHtml(outcomes);
        return report(
                () -> FleetJsonReport.document(outcomes),
                out -> new FleetTextReport(out, text).print(outcomes),
                outcomes.stream().anyMatch(HostOutcome::incomplete));
    }

    private static InspectResult inspectOne(FleetDoors.Reach reach, DomainSelection chosen) {
        return inspectOne(reach.libvirtUri(), reach.facts(), chosen);
    }

    private static InspectResult inspectOne(String uri, HostFactsSource host, DomainSelection chosen) {
        HostFacts facts = HostInspector.read(uri, host, chosen);
        return new InspectResult(facts, RuleBook.check(facts));
    }

    private void writeHtml(List<HostOutcome> outcomes) {
        if (html != null) {
            OutputFiles.write(html, FleetHtmlReport.render(outcomes));
        }
    }

    /** Prints the JSON or the text report, and returns 1 when some part could not be read. */
    private int report(Supplier<JsonNode> jsonReport, Consumer<PrintWriter> textReport, boolean incomplete) {
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            JsonDocument.write(jsonReport.get(), out);
        } else {
            textReport.accept(out);
        }
        out.flush();
        return incomplete ? ExitCode.FAILED.code() : ExitCode.OK.code();
    }
}
