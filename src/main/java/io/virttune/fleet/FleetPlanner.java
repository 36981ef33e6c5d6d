package io.virttune.fleet;

import io.virttune.inspect.DomainSelection;
import io.virttune.inspect.HostFacts;
import io.virttune.inspect.HostInspector;
import io.virttune.plan.MigrationPlanner;
import io.virttune.plan.Plan;
import io.virttune.plan.PlanPolicy;
import java.time.Instant;
import java.util.List;

/**
 * Plans every host of a fleet with one policy, each read through its own door, at most {@code
 * parallel} at a time; a host that cannot be reached or read gets a failed section, never stops
 * the others.
 */
public final class FleetPlanner {
    private final FleetDoors doors;
    private final PlanPolicy policy;
    private final int parallel;

    public FleetPlanner(FleetDoors doors, PlanPolicy policy, int parallel) {
        this.doors = doors;
        this.policy = policy;
        this.parallel = parallel;
    }

    public FleetPlan plan(List<FleetHost> hosts, DomainSelection selection, Instant now) {
        List<FleetWork.Done<FleetPlan.HostPlan>> done = new FleetWork<>(
                        host -> {
                            FleetDoors.Reach reach = doors.reach(host);
                            HostFacts facts = HostInspector.read(reach.libvirtUri(), reach.facts(), selection);
                            Plan plan = new MigrationPlanner(policy).plan(facts, now);
                            return FleetPlan.HostPlan.planned(host, plan, facts.problems());
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
