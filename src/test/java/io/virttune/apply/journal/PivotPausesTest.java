package io.virttune.apply.journal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** How long a journal says its guest was paused for its pivots. */
class PivotPausesTest {
    private static JournalHistory journal(String... details) {
        List<JournalEntry> entries = java.util.Arrays.stream(details)
                .map(detail -> new JournalEntry(
                        -1, PivotPauses.KIND, JournalEntry.StepState.DONE, "2026-12-06T23:00:00Z", detail))
                .toList();
        return () -> entries;
    }

    @Test
    void thePausesOfAGuestSwitchedOnTheSecondTryAddUp() {
        assertEquals(
                OptionalLong.of(1553),
                PivotPauses.millis(journal(
                        "paused by virt-tune for a pivot",
                        PivotPauses.resumedAfter(
                                311, PivotPauses.Target.THIN, "suspend 20, catch-up 30, pivot 240, resume 21 ms", true),
                        "paused by virt-tune for a pivot",
                        "resumed after 1242 ms")));
    }

    @Test
    void aPausedCompareIsTheOnePartLeftOutOfTheSwitch() {
        List<PivotPauses.Pause> each = PivotPauses.each(journal(
                "paused by virt-tune for a pivot",
                PivotPauses.resumedAfter(
                        1190,
                        PivotPauses.Target.THIN,
                        "suspend 50, uncap 66, catch-up 26, compare 510, pivot 494, resume 42 ms",
                        true),
                "paused by virt-tune for a pivot",
                PivotPauses.resumedAfter(
                        400,
                        PivotPauses.Target.THIN,
                        "suspend 50, uncap 66, catch-up 26, pivot 216, resume 42 ms",
                        true)));

        assertEquals(
                List.of(680L, 400L),
                each.stream().map(PivotPauses.Pause::switchMillis).toList());
        assertEquals(
                List.of(1190L, 400L),
                each.stream().map(PivotPauses.Pause::millis).toList());
    }

    @Test
    void aPartNamedLikeTheCompareIsNotTakenForIt() {
        // "compare" must be a whole part's name: the thin round's parts end in other words.
        List<PivotPauses.Pause> each = PivotPauses.each(journal(PivotPauses.resumedAfter(
                900,
                PivotPauses.Target.THIN,
                "suspend 50, catch-up 26, map 300, discards again 200, pivot 280, resume 44 ms",
                true)));

        assertEquals(900, each.get(0).switchMillis());
    }

    @Test
    void aResumeThatTimedNothingIsNoLength() {
        // A resume after a stopped run, or by the shutdown hook, knows no length; nor did older journals.
        assertEquals(OptionalLong.empty(), PivotPauses.millis(journal("paused by virt-tune for a pivot", "resumed")));
    }
}
