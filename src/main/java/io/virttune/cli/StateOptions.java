package io.virttune.cli;

import io.virttune.apply.journal.StateDirectory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/** Options shared by the commands that change a host: dry run or not, and where state is kept. */
public final class StateOptions {
    @Option(names = "--execute", description = "really do it (without it: a dry run that prints what it would do)")
    boolean execute;

    @Option(
            names = "--state-dir",
            paramLabel = "DIR",
            description = "journals and definition backups (default: " + "/var/lib/virt-tune" + ")")
    Path stateDir = StateDirectory.DEFAULT;

    /** What every host's virt-tune is given of the run's mode and state, as given here. */
    List<String> forEachHost() {
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
}
