package io.virttune.apply.journal;

import io.virttune.plan.DomainPlan;
import io.virttune.plan.Plan;
import io.virttune.plan.Schedule;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;

/**
 * A guest's copies and their verify, as its plan predicted them beside the time its journal says
 * they took: what an operator checks the next night's predictions against.
 *
 * @param domain the domain's name
 * @param predictedSeconds the plan's prediction (its schedule's downtime of the guest)
 * @param tookSeconds the time its copies and their verify took, as each copy's journal entry says
 */
public record PredictedBesideTaken(String domain, long predictedSeconds, double tookSeconds) {

    /** How many times the prediction the copies took: 1.0 on the mark, above 1 slower than predicted. */
    public double ratio() {
        return predictedSeconds == 0 ? 0 : tookSeconds / predictedSeconds;
    }

    /**
     * Each of {@code done}, the domains this run moved, that {@code plan}'s schedule predicted and
     * whose journal in {@code state} records its copies' times; none when the plan has no schedule.
     */
    public static List<PredictedBesideTaken> of(Plan plan, List<String> done, StateDirectory state) {
        Schedule schedule = plan.schedule();
        List<PredictedBesideTaken> found = new ArrayList<>();
        if (schedule == null) {
            return found;
        }
        for (DomainPlan domain : plan.domains()) {
            if (!done.contains(domain.name())) {
                continue;
            }
            schedule.slot(domain.name()).ifPresent(slot -> {
                OptionalDouble took =
                        state.journal(domain.uuid()).map(CopyPaces::seconds).orElse(OptionalDouble.empty());
                if (took.isPresent()) {
                    found.add(new PredictedBesideTaken(domain.name(), slot.seconds(), took.getAsDouble()));
                }
            });
        }
        return found;
    }
}
