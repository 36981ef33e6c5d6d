package io.virttune.fleet;

import io.virttune.host.HostFileSystem;
import io.virttune.inspect.DomainSelection;
import io.virttune.inspect.HostFacts;
import io.virttune.inspect.HostInspector;
import io.virttune.plan.MigrationPlanner;
import io.virttune.plan.Plan;
import io.virttune.plan.PlanPolicy;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Plans every host of a fleet with one policy, each read through its own door, at most {@code
 * parallel} at a time; a host that cannot be reached or read gets a failed section, never stops
 * the others. A schedule asked for is each host's own: its guests in its own windows, since the
 * hosts copy at once and window 1 is the same night on each, predicted by what that host measured.
 */
public final class FleetPlanner {
    private final FleetDoors doors;
    private final PlanPolicy policy;
    private final Optional<Scheduling> schedule;
    private final int parallel;

    /** How a host's plan gets its schedule: from what that host keeps, read through its own files. */
    @FunctionalInterface
    public interface Scheduling {
        Plan scheduled(Plan plan, HostFacts facts, HostFileSystem files);
    }

    public FleetPlanner(FleetDoors doors, PlanPolicy policy, Optional<Scheduling> schedule, int parallel) {
        this.doors = doors;
        this.policy = policy;
        this.schedule = schedule;
        this.parallel = parallel;
    }

    public FleetPlan plan(List<FleetHost> hosts, DomainSelection selection, Instant now) {
        List<FleetWork.Done<FleetPlan.HostPlan>> done = new FleetWork<>(
                        host -> {
                            FleetDoors.Reach reach = doors.reach(host);
                            HostFacts facts = HostInspector.read(reach.libvirtUri(), reach.facts(), selection);
                            Plan plan = new MigrationPlanner(policy).plan(facts, now);
                            Plan scheduled = schedule.map(by -> by.scheduled(plan, facts, reach.files()))
                                    .orElse(plan);
                            return FleetPlan.HostPlan.planned(host, scheduled, facts.problems());
                        },
                        parallel)
                .run(hosts);
        return new FleetPlan(
                now.toString(),
                done.stream()
                        .map(host -> host.value()
                                .orElseGet(() -> FleetPlan.HostPlan.failed(
                                        host.host(), host.failure().orElse("failed"))))
                        .toList());
    }
}
