package io.virttune.fleet;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Runs one virt-tune command on every host of a fleet, each by that host's own virt-tune over SSH.
 */
public final class FleetCommand {
    /** A command as each host runs it: its argv before the run's own options, and the schema of what it prints. */
    public record Remote(List<String> argv, String schema) {}

    /** rollback on the host's own libvirt, where its journals were written by apply. */
    public static final Remote ROLLBACK =
            new Remote(List.of("virt-tune", "rollback", "--connect", "qemu:///system", "--json"), "virt-tune/rollback");
    /** bench on the host's own libvirt, its results stored and its counters read there. */
    public static final Remote BENCH =
            new Remote(List.of("virt-tune", "bench", "--connect", "qemu:///system", "--json"), "virt-tune/bench-run");

    private final RemoteVirtTune remote;
    private final int parallel;

    /** {@code progress}: where the hosts' own progress goes as it comes. */
    public FleetCommand(FleetDoors doors, int parallel, ProgressRelay progress) {
        this.remote = new RemoteVirtTune(doors, progress);
        this.parallel = parallel;
    }

    /**
     * {@code options}: what each host's command is also given (for rollback {@code --execute},
     * {@code --force --yes}, the domains); a confirmation is asked here, since the hosts have no
     * terminal.
     */
    public List<HostResults> run(Remote command, List<FleetHost> hosts, List<String> options) {
        List<String> argv = new ArrayList<>(command.argv());
        argv.addAll(options);
        return HostResults.of(
                new FleetWork<>(host -> remote.run(host, argv, command.schema(), Optional.empty()), parallel)
                        .run(hosts));
    }
}
