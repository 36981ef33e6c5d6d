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
                        PivotPauses.resumedAfter(311),
                        "paused by virt-tune for a pivot",
                        PivotPauses.resumedAfter(1242))));
    }

    @Test
    void aResumeThatTimedNothingIsNoLength() {
        // A resume after a stopped run, or by the shutdown hook, knows no length; nor did older journals.
        assertEquals(OptionalLong.empty(), PivotPauses.millis(journal("paused by virt-tune for a pivot", "resumed")));
    }
}
