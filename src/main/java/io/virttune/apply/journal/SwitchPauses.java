package io.virttune.apply.journal;

import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * What this host's earlier live switches onto one kind of LV paused their guests for, read from
 * their journals: the catch-up, the pivot and the switch's own work, each paused compare left out
 * (plan predicts that from the data it reads); pauses that switched nothing are not counted.
 *
 * @param millis the median of those pauses
 * @param switches how many were counted
 * @param latest when the latest of them was journaled
 * @param into the kind of LV they switched onto; empty where they were journaled before a resume
 *     named it
 */
public record SwitchPauses(long millis, int switches, String latest, Optional<PivotPauses.Target> into) {

    /** Where the pause comes from, as plan prints it. */
    public String basis() {
        String onto = into.map(target -> " into " + target.words() + " on this host")
                .orElse(" on this host (journaled before apply named their LVs' kind: thin and linear alike)");
        return switches == 1
                ? "the one earlier switch" + onto + ", at " + latest
                : "the median of " + switches + " earlier switches" + onto + ", the latest at " + latest;
    }

    /**
     * The pauses {@code journals} timed switching a guest {@code into} its kind of LV; none when they
     * time none. Pauses journaled before the resume named its LV's kind (thin and linear alike) are
     * read only while no pause names one: from the first that does, they are no longer counted.
     */
    public static Optional<SwitchPauses> of(List<DomainJournal> journals, PivotPauses.Target into) {
        List<PivotPauses.Pause> switched = journals.stream()
                .flatMap(journal -> PivotPauses.each(journal).stream())
                // A pause that switched nothing (a pivot failed or found unsafe, up to 10 s of
                // catch-up given up) predicts no switch; an older journal's may hold a compare.
                .filter(PivotPauses.Pause::switched)
                .toList();
        // A thin LV's switch also maps the source and gives chunks back: one median of both kinds
        // predicts neither, so an unnamed kind is a guess once a named one can be counted.
        Optional<PivotPauses.Target> named =
                switched.stream().anyMatch(pause -> pause.into().isPresent()) ? Optional.of(into) : Optional.empty();
        List<PivotPauses.Pause> pauses = switched.stream()
                .filter(pause -> pause.into().equals(named))
                .sorted(Comparator.comparingLong(PivotPauses.Pause::switchMillis))
                .toList();
        if (pauses.isEmpty()) {
            return Optional.empty();
        }
        String latest = pauses.stream()
                .map(PivotPauses.Pause::at)
                .max(Comparator.naturalOrder())
                .orElseThrow();
        return Optional.of(
                new SwitchPauses(pauses.get(pauses.size() / 2).switchMillis(), pauses.size(), latest, named));
    }
}
