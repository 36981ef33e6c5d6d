package io.virttune.plan;

import java.util.Arrays;
import java.util.List;

/** Small hand-made plans for tests of what is computed from a plan's steps. */
final class DomainPlans {
    private DomainPlans() {}

    /** A shut-off domain with nothing planned yet: give it steps with {@link DomainPlan#withSteps}. */
    static DomainPlan named(String name) {
        return new DomainPlan(
                name,
                "uuid-" + name,
                "shut off",
                DomainOutcome.MIGRATE,
                List.of(),
                "fingerprint",
                List.of(),
                List.of(),
                List.of(),
                "<domain/>",
                "<domain/>",
                "",
                null);
    }

    /** A plan of these domains for a host named hv. */
    static Plan plan(DomainPlan... domains) {
        return new Plan(
                Plan.SCHEMA,
                Plan.VERSION,
                "2026-12-06T20:00:00Z",
                "qemu:///system",
                "hv",
                null,
                false,
                null,
                null,
                null,
                null,
                PlanTarget.linear("vg"),
                "none",
                0.1,
                List.of(),
                Arrays.asList(domains),
                List.of(),
                List.of(),
                null);
    }
}
