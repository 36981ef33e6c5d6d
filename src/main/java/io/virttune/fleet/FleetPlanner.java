package io.virttune.fleet;

import io.virttune.inspect.DomainSelection;
import io.virttune.inspect.HostFacts;
import io.virttune.inspect.HostInspector;
import io.virttune.plan.MigrationPlanner;
import io.virttune.plan.Plan;
import io.virttune.plan.PlanPolicy;
import io.virttune.plan.Scheduler;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Plans every host of a fleet with one policy, each read through its own door, at most {@code
 * parallel} at a time; a host that cannot be reached or read gets a failed section, never stops
 * the others. A schedule asked for is each host's own: its guests in its own windows, since the
 * hosts copy at once and window 1 is the same night on each.
 */
public final class FleetPlanner {
    private final FleetDoors doors;
    private final PlanPolicy policy;
    private final Optional<Scheduler> schedule;
    private final int parallel;

    public FleetPlanner(FleetDoors doors, PlanPolicy policy, Optional<Scheduler> schedule, int parallel) {
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
                            Plan scheduled = schedule.map(by -> plan.withSchedule(by.schedule(plan, facts)))
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
