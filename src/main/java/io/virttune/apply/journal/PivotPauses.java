package io.virttune.apply.journal;

import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The pauses for pivots a domain's journal records: the entry kind, the resume's detail with how
 * long the guest was paused and where that time went, and those lengths read back.
 */
public final class PivotPauses {
    /** The kind of the entries a pause for a pivot writes: paused, then resumed. */
    public static final String KIND = "PivotPause";

    /** What a resume's detail ends with when the guest went back to its source, not switched. */
    private static final String NOT_SWITCHED = ", not switched";
    /** Older journals wrote the length alone; since, the parts follow it in brackets. */
    private static final Pattern RESUMED_AFTER =
            Pattern.compile("resumed after (\\d+) ms(?: \\((.*)\\))?(" + Pattern.quote(NOT_SWITCHED) + ")?");
    /** The paused compare's part of a pause, as {@code --verify-paused} times it. */
    private static final Pattern COMPARE = Pattern.compile("(?:^|, )compare (\\d+)(?:,| ms$)");

    private PivotPauses() {}

    /**
     * One pause for a pivot, as its resume journaled it.
     *
     * @param millis from the suspend's call to the resume's return
     * @param compareMillis the part of it a paused compare took; 0 without one (or in an older journal)
     * @param at when the resume was journaled
     * @param switched whether the guest was switched onto its copy; false where the pivot failed or
     *     was found unsafe (the guest resumed on its source), and in an older journal
     */
    public record Pause(long millis, long compareMillis, String at, boolean switched) {
        /** The pause less its paused compare: the catch-up, the pivot and what the switch itself does. */
        public long switchMillis() {
            return millis - compareMillis;
        }
    }

    /**
     * The detail of the entry a resume writes: the guest paused {@code millis} ms for its pivot,
     * {@code parts} where they went ({@code suspend 12, pivot 40, resume 9 ms}), {@code switched}
     * whether the guest runs on its copy since.
     */
    public static String resumedAfter(long millis, String parts, boolean switched) {
        return "resumed after " + millis + " ms (" + parts + ")" + (switched ? "" : NOT_SWITCHED);
    }

    /** Each pause {@code journal} timed, in order; a resume after a stopped run times none. */
    public static List<Pause> each(JournalHistory journal) {
        return journal.entries().stream()
                .filter(entry -> KIND.equals(entry.kind()) && entry.detail() != null)
                .flatMap(entry -> pause(entry).stream())
                .toList();
    }

    private static Optional<Pause> pause(JournalEntry entry) {
        Matcher matcher = RESUMED_AFTER.matcher(entry.detail());
        if (!matcher.matches()) {
            return Optional.empty();
        }
        Matcher compare = COMPARE.matcher(matcher.group(2) == null ? "" : matcher.group(2));
        return Optional.of(new Pause(
                Long.parseLong(matcher.group(1)),
                compare.find() ? Long.parseLong(compare.group(1)) : 0,
                entry.at(),
                matcher.group(2) != null && matcher.group(3) == null));
    }

    /**
     * How long {@code journal}'s guest was paused for its pivots, together (a pivot found not to
     * switch and made again pauses it twice); none when no pause's length is journaled.
     */
    public static OptionalLong millis(JournalHistory journal) {
        List<Pause> each = each(journal);
        return each.isEmpty()
                ? OptionalLong.empty()
                : OptionalLong.of(each.stream().mapToLong(Pause::millis).sum());
    }
}
