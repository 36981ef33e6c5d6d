package io.virttune.apply.journal;

import io.virttune.plan.DomainPlan;
import io.virttune.plan.Plan;
import io.virttune.plan.Schedule;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * A guest's copies as its plan predicted them beside the time its journal says they took: what an
 * operator checks the next night's predictions against.
 *
 * @param domain the domain's name
 * @param live false for a guest down to move (its copies and their verify, its downtime), true for
 *     one moved while it ran (its block copies; what they took includes each switch)
 * @param predictedSeconds the plan's prediction
 * @param tookSeconds the time its copies took, as each copy's journal entry says
 * @param pause a live guest's pauses for its switches, predicted and taken; empty for a guest down
 *     to move, or one whose journal times no pause
 */
public record PredictedBesideTaken(
        String domain, boolean live, long predictedSeconds, double tookSeconds, Optional<Pause> pause) {

    /**
     * A live guest's pauses for its switches.
     *
     * @param predictedSeconds the part of them {@code --verify-paused}'s compares take, as the plan predicts it
     * @param predictedSwitchMillis the rest, each switch's, as the plan predicts it from the host's
     *     earlier switches; 0 when it had none, and that part was unknown to it
     * @param tookMillis how long the guest was paused, all its pauses together, as its journal says
     */
    public record Pause(long predictedSeconds, long predictedSwitchMillis, long tookMillis) {}

    /** A guest with no pause to show beside its prediction. */
    public PredictedBesideTaken(String domain, boolean live, long predictedSeconds, double tookSeconds) {
        this(domain, live, predictedSeconds, tookSeconds, Optional.empty());
    }

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
            Optional<DomainJournal> journal = state.journal(domain.uuid());
            schedule.slot(domain.name())
                    .ifPresent(slot -> journal.map(CopyPaces::seconds)
                            .filter(OptionalDouble::isPresent)
                            .ifPresent(took -> found.add(new PredictedBesideTaken(
                                    domain.name(), false, slot.seconds(), took.getAsDouble()))));
            schedule.live().stream()
                    .filter(guest -> guest.domain().equals(domain.name()))
                    .forEach(guest -> journal.map(CopyPaces::liveSeconds)
                            .filter(OptionalDouble::isPresent)
                            .ifPresent(took -> found.add(new PredictedBesideTaken(
                                    domain.name(),
                                    true,
                                    guest.copySeconds(),
                                    took.getAsDouble(),
                                    pause(guest, journal.get())))));
        }
        return found;
    }

    private static Optional<Pause> pause(Schedule.LiveGuest guest, DomainJournal journal) {
        OptionalLong paused = PivotPauses.millis(journal);
        return paused.isPresent()
                ? Optional.of(new Pause(guest.pauseSeconds(), guest.switchMillis(), paused.getAsLong()))
                : Optional.empty();
    }
}
