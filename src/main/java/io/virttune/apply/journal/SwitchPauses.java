package io.virttune.apply.journal;

import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * What this host's earlier live switches paused their guests for, read from their journals: the
 * catch-up, the pivot and the switch's own work, each paused compare left out (plan predicts that
 * from the data it reads); pauses that switched nothing are not counted.
 *
 * @param millis the median of those pauses
 * @param switches how many were counted
 * @param latest when the latest of them was journaled
 */
public record SwitchPauses(long millis, int switches, String latest) {

    /** Where the pause comes from, as plan prints it. */
    public String basis() {
        return switches == 1
                ? "the one earlier switch on this host, at " + latest
                : "the median of " + switches + " earlier switches on this host, the latest at " + latest;
    }

    /** The pauses {@code journals} timed; none when they time none. */
    public static Optional<SwitchPauses> of(List<DomainJournal> journals) {
        List<PivotPauses.Pause> pauses = journals.stream()
                .flatMap(journal -> PivotPauses.each(journal).stream())
                // A pause that switched nothing (a pivot failed or found unsafe, up to 10 s of
                // catch-up given up) predicts no switch; an older journal's may hold a compare.
                .filter(PivotPauses.Pause::switched)
                .sorted(Comparator.comparingLong(PivotPauses.Pause::switchMillis))
                .toList();
        if (pauses.isEmpty()) {
            return Optional.empty();
        }
        String latest = pauses.stream()
                .map(PivotPauses.Pause::at)
                .max(Comparator.naturalOrder())
                .orElseThrow();
        return Optional.of(new SwitchPauses(pauses.get(pauses.size() / 2).switchMillis(), pauses.size(), latest));
    }
}
