package io.virttune.apply.journal;

import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The pauses for pivots a domain's journal records: the entry kind, the resume's detail with how
 * long the guest was paused, onto what kind of LV and where that time went, and those read back.
 */
public final class PivotPauses {
    /** The kind of the entries a pause for a pivot writes: paused, then resumed. */
    public static final String KIND = "PivotPause";

    /** What a resume's detail ends with when the guest went back to its source, not switched. */
    private static final String NOT_SWITCHED = ", not switched";
    /**
     * Older journals wrote the length alone; then the parts followed it in brackets; since, what the
     * guest was switched onto comes between them.
     */
    private static final Pattern RESUMED_AFTER =
            Pattern.compile("resumed after (\\d+) ms(?: into (a thin LV|a linear LV))?" + "(?: \\((.*)\\))?("
                    + Pattern.quote(NOT_SWITCHED) + ")?");
    /** The paused compare's part of a pause, as {@code --verify-paused} times it. */
    private static final Pattern COMPARE = Pattern.compile("(?:^|, )compare (\\d+)(?:,| ms$)");

    private PivotPauses() {}

    /**
     * What a switch moves its guest onto: a thin LV's switch also reads the source's map and gives
     * chunks back again in the pause, which a linear LV's does not.
     */
    public enum Target {
        THIN,
        LINEAR;

        /** The target of a switch onto an LV that is {@code thin} or not. */
        public static Target of(boolean thin) {
            return thin ? THIN : LINEAR;
        }

        /** As the journal and plan say it: {@code a thin LV}. */
        public String words() {
            return "a " + name().toLowerCase(java.util.Locale.ROOT) + " LV";
        }

        private static Optional<Target> named(String words) {
            return java.util.Arrays.stream(values())
                    .filter(target -> target.words().equals(words))
                    .findFirst();
        }
    }

    /**
     * One pause for a pivot, as its resume journaled it.
     *
     * @param millis from the suspend's call to the resume's return
     * @param compareMillis the part of it a paused compare took; 0 without one (or in an older journal)
     * @param at when the resume was journaled
     * @param switched whether the guest was switched onto its copy; false where the pivot failed or
     *     was found unsafe (the guest resumed on its source), and in an older journal
     * @param into what the switch was onto; empty in a journal from before the resume said it
     */
    public record Pause(long millis, long compareMillis, String at, boolean switched, Optional<Target> into) {
        /** The pause less its paused compare: the catch-up, the pivot and what the switch itself does. */
        public long switchMillis() {
            return millis - compareMillis;
        }
    }

    /**
     * The detail of the entry a resume writes: the guest paused {@code millis} ms for its pivot
     * {@code into} its LV, {@code parts} where they went ({@code suspend 12, pivot 40, resume 9 ms}),
     * {@code switched} whether the guest runs on its copy since.
     */
    public static String resumedAfter(long millis, Target into, String parts, boolean switched) {
        return "resumed after " + millis + " ms into " + into.words() + " (" + parts + ")"
                + (switched ? "" : NOT_SWITCHED);
    }

    /** Each pause {@code journal} timed, in order; a resume after a stopped run times none. */
    public static List<Pause> each(JournalHistory journal) {
        return journal.entries().stream()
                .filter(entry -> KIND.equals(entry.kind()) && entry.detail() != null)
                .flatMap(entry -> pause(entry).stream())
                .toList();
    }

    /** The pause {@code entry} times: a resume's, none for the pause's own entry or an older resume's. */
    static Optional<Pause> pause(JournalEntry entry) {
        Matcher matcher = RESUMED_AFTER.matcher(entry.detail());
        if (!matcher.matches()) {
            return Optional.empty();
        }
        String parts = matcher.group(3);
        Matcher compare = COMPARE.matcher(parts == null ? "" : parts);
        return Optional.of(new Pause(
                Long.parseLong(matcher.group(1)),
                compare.find() ? Long.parseLong(compare.group(1)) : 0,
                entry.at(),
                parts != null && matcher.group(4) == null,
                Target.named(matcher.group(2))));
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
