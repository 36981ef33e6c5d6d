package io.virttune.apply.journal;

import io.virttune.plan.DomainPlan;
import io.virttune.plan.Fingerprints;

/**
 * The identity of one domain's plan: what it does (its steps, in order) and what it defines. A
 * journal carries it, because resume skips steps by their index: the same index in another plan
 * (which names its LVs {@code -2}, say) is another step.
 */
public final class PlanDigest {
    private PlanDigest() {}

    public static String of(DomainPlan domain) {
        // Steps are records: their text lists every field, in declaration order.
        return Fingerprints.of(
                domain.name() + "\n" + domain.fingerprint() + "\n" + domain.steps() + "\n" + domain.newXml());
    }
}
