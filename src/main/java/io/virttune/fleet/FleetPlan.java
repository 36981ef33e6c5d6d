package io.virttune.fleet;

import io.virttune.plan.DomainOutcome;
import io.virttune.plan.Plan;
import java.util.List;
import java.util.Optional;

/**
 * A plan for a fleet: one section per host, holding that host's own plan (with its identity, so
 * that it binds to that host as any plan does) or the reason the host could not be planned.
 */
public record FleetPlan(String createdAt, List<HostPlan> hosts) {

    public FleetPlan {
        hosts = List.copyOf(hosts);
    }

    /**
     * One host's section: the host with how to reach it (only that: {@link FleetHost#reach}), its
     * plan, what could not be read while making it, or why there is none.
     */
    public record HostPlan(FleetHost host, Optional<Plan> plan, List<String> problems, Optional<String> error) {

        public HostPlan {
            host = host.reach();
            problems = List.copyOf(problems);
        }

        public static HostPlan planned(FleetHost host, Plan plan, List<String> problems) {
            return new HostPlan(host, Optional.of(plan), problems, Optional.empty());
        }

        public static HostPlan failed(FleetHost host, String why) {
            return new HostPlan(host, Optional.empty(), List.of(), Optional.of(why));
        }

        public String name() {
            return host.name();
        }

        /** failed, blocked (every domain asked for is), incomplete (some facts unreadable) or planned. */
        public String status() {
            if (plan.isEmpty()) {
                return "failed";
            }
            if (isBlocked()) {
                return "blocked";
            }
            return problems.isEmpty() ? "planned" : "incomplete";
        }

        /** True when the host has domains to plan and every one of them is blocked. */
        public boolean isBlocked() {
            return plan.filter(p -> !p.domains().isEmpty()
                            && p.domains().stream().allMatch(domain -> domain.outcome() == DomainOutcome.STOPPED))
                    .isPresent();
        }
    }

    /** True when no host has anything to apply: each failed or is blocked. */
    public boolean plansNothing() {
        return hosts.stream().allMatch(host -> host.plan().isEmpty() || host.isBlocked());
    }
}
