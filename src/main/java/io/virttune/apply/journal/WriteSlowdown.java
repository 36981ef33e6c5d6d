package io.virttune.apply.journal;

import io.virttune.inspect.GuestWriteRate;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * How much slower this host's busy guests wrote during their live copies than plan sampled them
 * writing before: a mirror's load slows its guest (the lab's ran at 0.4 to 0.65 of their sampled
 * rate), and plan, which starts no mirror, predicts a busy copy by what this host showed.
 *
 * @param ratio the median of each copy's rate during it over its sampled rate, at most 1 (of an even
 *     count, the upper middle one)
 * @param copies how many copies were counted
 */
public record WriteSlowdown(double ratio, int copies) {
    /**
     * The median ratio of the live copies these journals record with both rates, their sampled one
     * at least {@link GuestWriteRate#BUSY_FLOOR} (below it, an idle guest's noise: a ratio of them
     * says nothing of a busy one); none when there are none.
     */
    public static Optional<WriteSlowdown> of(List<DomainJournal> journals) {
        List<Double> ratios = CopyPaces.guestWrites(journals).stream()
                .filter(writes -> writes.sampledPerSecond().orElse(0) >= GuestWriteRate.BUSY_FLOOR)
                // A mirror's load does not speed a guest up: one that wrote faster during its copy than
                // sampled was sampled before its load (a job starting), and counts as not slowed.
                .map(writes -> Math.min(
                        1, writes.perSecond() / writes.sampledPerSecond().getAsDouble()))
                .sorted()
                .toList();
        if (ratios.isEmpty()) {
            return Optional.empty();
        }
        // The upper of two middles, as the paces' medians take it.
        return Optional.of(new WriteSlowdown(ratios.get(ratios.size() / 2), ratios.size()));
    }

    /** Where the ratio comes from, as plan prints it. */
    public String basis() {
        return String.format(
                Locale.ROOT,
                "this host's guests wrote %.2fx their sampled rate during their live copies, %s",
                ratio,
                copies == 1 ? "the one busy copy journaled" : "the median of " + copies);
    }
}
