package io.virttune.cli;

import io.virttune.apply.ports.ApplyPorts;
import io.virttune.apply.ports.DomainResult;
import io.virttune.apply.undo.CalibrationCleanup;
import io.virttune.apply.undo.Cleanup;
import io.virttune.host.HostDoor;
import io.virttune.host.HostDoors;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code virt-tune cleanup}: removes source images after a verified migration, when asked. */
@Command(
        name = "cleanup",
        mixinStandardHelpOptions = true,
        footerHeading = "%nExamples:%n",
        footer = {
            "  virt-tune cleanup web01                    # dry run: what it would remove",
            "  virt-tune cleanup 'web*' --execute        # asks first",
            "  virt-tune cleanup --all --execute --yes    # in a script"
        },
        description = {
            "Remove the source images a completed migration left behind, unless a domain still uses them,",
            "and the temporary LVs of calibrations that were killed (tagged virt-tune-calibration).",
            "Afterwards there is no rollback. A dry run unless --execute; with it, asks first unless --yes."
        })
public final class CleanupCommand implements Callable<Integer> {
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
    ConnectOption connect;

    @Override
    public Integer call() {
        PrintWriter out = report.progress();
        String uri = connect.orDefault(spec);
        HostDoor host = HostDoors.thisMachine(uri, "cleanup");
        List<String> chosen = selection.selection(false).select(DefinedDomains.names(uri));
        if (state.execute) {
            confirmation.require("cleanup --execute removes the source images of " + String.join(", ", chosen)
                    + " for good: there is no rollback after it");
        }
        ApplyPorts ports = ApplyPorts.forHost(host, state.stateDir, state.execute, out::println);
        if (!state.execute) {
            out.println("Dry run: nothing is changed. Add --execute to clean up.");
        }
        Cleanup cleanup = new Cleanup(ports, out);
        List<DomainResult> results = new ArrayList<>();
        for (String domain : chosen) {
            results.add(cleanup.run(domain));
        }
        // They belong to no domain: offered on every cleanup, as calibrate's own check removes only its VG's.
        new CalibrationCleanup(ports, out).run().ifPresent(results::add);
        report.print(state.execute, results);
        return ApplyCommand.exitCode(results);
    }
}
