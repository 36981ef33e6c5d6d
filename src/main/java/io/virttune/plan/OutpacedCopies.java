package io.virttune.plan;

import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * A plan's live copies made with synchronous writes from their start where its schedule predicts
 * that their guest outpaces a background copy: apply would give such a copy up and make it again so,
 * having spent the background copy's time for nothing.
 */
public final class OutpacedCopies {
    private OutpacedCopies() {}

    /** {@code plan}, each live copy its schedule predicts with synchronous writes planned so; as it is without a schedule. */
    public static Plan synchronous(Plan plan) {
        if (plan.schedule() == null) {
            return plan;
        }
        Map<String, Schedule.LiveGuest> live = plan.schedule().live().stream()
                .collect(Collectors.toMap(Schedule.LiveGuest::domain, Function.identity()));
        return plan.withDomains(plan.domains().stream()
                .map(domain -> live.containsKey(domain.name()) ? synchronous(domain, live.get(domain.name())) : domain)
                .toList());
    }

    /** {@code domain}'s live copies, each as {@code guest}'s disk of the same place says (the schedule keeps the steps' order). */
    private static DomainPlan synchronous(DomainPlan domain, Schedule.LiveGuest guest) {
        Iterator<Schedule.DiskTime> predicted = guest.disks().iterator();
        List<Step> steps = domain.steps().stream()
                .map(step -> step instanceof CopyLive copy && predicted.next().synchronousWrites()
                        ? copy.withSynchronousWrites()
                        : step)
                .toList();
        return domain.withSteps(steps);
    }
}
