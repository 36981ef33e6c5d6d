package io.virttune.apply.journal;

import java.util.List;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The pauses for pivots a domain's journal records: the entry kind, the resume's detail with how
 * long the guest was paused, and those lengths together.
 */
public final class PivotPauses {
    /** The kind of the entries a pause for a pivot writes: paused, then resumed. */
    public static final String KIND = "PivotPause";

    private static final Pattern RESUMED_AFTER = Pattern.compile("resumed after (\\d+) ms");

    private PivotPauses() {}

    /** The detail of the entry a resume writes, the guest paused {@code millis} ms for its pivot. */
    public static String resumedAfter(long millis) {
        return "resumed after " + millis + " ms";
    }

    /**
     * How long {@code journal}'s guest was paused for its pivots, together (a pivot found not to
     * switch and made again pauses it twice); none when no pause's length is journaled.
     */
    public static OptionalLong millis(JournalHistory journal) {
        List<Long> each = journal.entries().stream()
                .filter(entry -> KIND.equals(entry.kind()) && entry.detail() != null)
                .map(entry -> RESUMED_AFTER.matcher(entry.detail()))
                .filter(Matcher::matches)
                .map(matcher -> Long.parseLong(matcher.group(1)))
                .toList();
        return each.isEmpty()
                ? OptionalLong.empty()
                : OptionalLong.of(each.stream().mapToLong(Long::longValue).sum());
    }
}
