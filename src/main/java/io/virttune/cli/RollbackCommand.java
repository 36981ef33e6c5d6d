package io.virttune.cli;

import io.virttune.VirtTuneException;
import io.virttune.apply.journal.StateDirectory;
import io.virttune.apply.ports.ApplyPorts;
import io.virttune.apply.ports.DomainResult;
import io.virttune.apply.undo.Rollback;
import io.virttune.fleet.FleetCommand;
import io.virttune.fleet.FleetHost;
import io.virttune.host.HostDoors;
import io.virttune.report.FleetResultsReport;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code virt-tune rollback}: restores a domain's original definition and removes the LVs apply made. */
@Command(
        name = "rollback",
        mixinStandardHelpOptions = true,
        footerHeading = "%nExamples:%n",
        footer = {
            "  virt-tune rollback web01                   # dry run",
            "  virt-tune rollback 'web*' --execute",
            "  virt-tune rollback web01 --execute --force --yes  # in a script",
            "  virt-tune rollback --hosts fleet.json --limit hv3 web01  # over SSH"
        },
        description = {
            "Undo an apply: restore each domain's backed-up definition and remove the LVs virt-tune created"
                    + " for it, and nothing else. Safe to repeat. A dry run unless --execute.",
            "With --host/--hosts, each host's own virt-tune rolls back there, over SSH (docs/fleet.md)."
        })
public final class RollbackCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    StateOptions state;

    @Mixin
    ResultOptions report;

    @Mixin
    SelectionOptions selection;

    @Mixin
    ConfirmationOptions confirmation;

    @Mixin
    FleetOptions fleet;

    @Mixin
    ConnectOption connect;

    @Option(
            names = "--force",
            description = "roll back a completed migration too, discarding what the guest wrote since"
                    + " (with --execute, asks first unless --yes)")
    boolean force;

    @Override
    public Integer call() {
        if (fleet.given() || fleet.limit != null) {
            // --limit alone is refused there rather than ignored by a rollback of this machine.
            return rollbackFleet();
        }
        PrintWriter out = report.progress();
        String uri = connect.orDefault(spec);
        ApplyPorts ports = ApplyPorts.forHost(
                HostDoors.thisMachine(uri, "rollback"),
                state.stateDir,
                state.execute,
                line -> out.println("    " + line));
        List<String> chosen =
                selection.selection(false).select(candidates(uri, ports.run().state()));
        if (state.execute && force) {
            confirmation.require("rollback --force discards what " + String.join(", ", chosen)
                    + " wrote on the new disks since apply");
        }
        if (!state.execute) {
            out.println("Dry run: nothing is changed. Add --execute to roll back.");
        }
        Rollback rollback = new Rollback(ports, out);
        List<DomainResult> results = new ArrayList<>();
        for (String domain : chosen) {
            results.add(rollback.run(domain, force));
        }
        report.print(state.execute, results);
        return ApplyCommand.exitCode(results);
    }

    /**
     * Each host's own virt-tune rolls back there; it has no terminal to confirm on, so --force is
     * confirmed here, once for the whole fleet, and the hosts are told --yes.
     */
    private int rollbackFleet() {
        if (connect.given(spec) != null) {
            throw VirtTuneException.usage(
                    "--connect is one host's: with --host or --hosts each host's own libvirt is used");
        }
        selection.selection(false);
        List<FleetHost> hosts = fleet.fleet();
        if (state.execute && force) {
            List<String> names = hosts.stream().map(FleetHost::name).toList();
            confirmation.require("rollback --force discards what "
                    + (selection.all ? "every domain" : String.join(", ", selection.domains))
                    + " wrote on the new disks since apply, on " + names.size() + " host"
                    + (names.size() == 1 ? "" : "s") + " (" + String.join(", ", names) + ")");
        }
        List<String> options = state.forEachHost();
        if (force) {
            options.addAll(List.of("--force", "--yes"));
        }
        if (selection.all) {
            options.add("--all");
        }
        selection.exclusions.forEach(glob -> options.add("--exclude=" + glob));
        options.addAll(selection.domains);
        return FleetResults.report(
                spec,
                FleetResultsReport.ROLLBACK,
                new FleetCommand(FleetOptions.doors(), fleet.parallel, FleetResults.progress(spec, report.json))
                        .run(FleetCommand.ROLLBACK, hosts, options),
                state.execute,
                report.json);
    }

    /** The host's domains, and those named exactly that only a journal remembers (undefined since). */
    private List<String> candidates(String uri, StateDirectory journals) {
        List<String> names = new ArrayList<>(DefinedDomains.names(uri));
        selection.domains.stream()
                .filter(name -> !names.contains(name))
                .filter(name -> journals.journalByName(name).isPresent())
                .forEach(names::add);
        return names;
    }
}
