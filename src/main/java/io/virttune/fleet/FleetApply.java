package io.virttune.fleet;

import io.virttune.plan.PlanJson;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Applies a fleet plan: each host's part runs on that host, by that host's own virt-tune (the
 * plan given on its stdin over SSH), so that its journal, its image holds and its checks are
 * that host's, exactly as an apply run there by hand; at most {@code parallel} hosts at once, a
 * host that fails never stopping the others.
 */
public final class FleetApply {
    /** The remote apply's options: the host's own libvirt (the plan binds to the host by its identity). */
    private static final List<String> APPLY =
            List.of("virt-tune", "apply", "/dev/stdin", "--connect", "qemu:///system", "--json");

    private final RemoteVirtTune remote;
    private final int parallel;

    /** {@code progress}: where the hosts' own progress goes as it comes. */
    public FleetApply(FleetDoors doors, int parallel, ProgressRelay progress) {
        this.remote = new RemoteVirtTune(doors, progress);
        this.parallel = parallel;
    }

    /** {@code options}: what the remote apply is also given ({@code --execute}, {@code --resume}, domains). */
    public List<HostResults> apply(FleetPlan fleet, List<String> options) {
        // Hosts are named once in a fleet plan (FleetOptions keeps the first of each name).
        Map<String, FleetPlan.HostPlan> sections = new HashMap<>();
        fleet.hosts().forEach(section -> sections.putIfAbsent(section.name(), section));
        return HostResults.of(new FleetWork<>(host -> applyOn(sections.get(host.name()), options), parallel)
                .run(fleet.hosts().stream().map(FleetPlan.HostPlan::host).toList()));
    }

    private HostResults applyOn(FleetPlan.HostPlan section, List<String> options) {
        if (section.plan().isEmpty()) {
            return HostResults.failed(
                    section.name(), "not planned: " + section.error().orElse("no plan"));
        }
        List<String> argv = new ArrayList<>(APPLY);
        argv.addAll(options);
        return remote.run(
                section.host(),
                argv,
                "virt-tune/apply",
                Optional.of(PlanJson.write(section.plan().orElseThrow())));
    }
}
