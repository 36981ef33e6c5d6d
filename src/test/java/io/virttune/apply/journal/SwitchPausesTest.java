package io.virttune.apply.journal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** This host's earlier switches, read from their journals, predict the next one's pause. */
class SwitchPausesTest {
    private static DomainJournal journal(String domain, String at, String... resumes) {
        DomainJournal journal = DomainJournal.start(domain, "uuid-" + domain, at, "f", "d", null, List.of(), List.of());
        for (String resume : resumes) {
            journal = journal.with(new JournalEntry(-1, PivotPauses.KIND, JournalEntry.StepState.DONE, at, resume));
        }
        return journal;
    }

    @Test
    void theMedianOfEverySwitchOfEveryGuestLessItsPausedCompare() {
        List<DomainJournal> journals = List.of(
                journal(
                        "web",
                        "2026-12-05T23:00:00Z",
                        PivotPauses.resumedAfter(
                                1190, "suspend 50, catch-up 26, compare 800, pivot 272, resume 42 ms", true),
                        PivotPauses.resumedAfter(350, "suspend 20, catch-up 10, pivot 300, resume 20 ms", true)),
                journal(
                        "db",
                        "2026-12-06T23:00:00Z",
                        PivotPauses.resumedAfter(520, "suspend 20, catch-up 10, pivot 470, resume 20 ms", true)));

        SwitchPauses pauses = SwitchPauses.of(journals).orElseThrow();

        assertEquals(new SwitchPauses(390, 3, "2026-12-06T23:00:00Z"), pauses, "390, 350 and 520 ms: 390");
        assertEquals(
                "the median of 3 earlier switches on this host, the latest at 2026-12-06T23:00:00Z", pauses.basis());
    }

    @Test
    void journalsThatTimedNoPausePredictNone() {
        assertEquals(
                Optional.empty(),
                SwitchPauses.of(
                        List.of(journal("web", "2026-12-05T23:00:00Z", "paused by virt-tune for a pivot", "resumed"))));
    }

    @Test
    void aPauseThatSwitchedNothingPredictsNoSwitchButWasAPause() {
        DomainJournal journal = journal(
                "web",
                "2026-12-05T23:00:00Z",
                // A catch-up given up after 10 s: the guest went back to its source.
                PivotPauses.resumedAfter(10_480, "suspend 20, catch-up 10400, resume 60 ms", false),
                PivotPauses.resumedAfter(350, "suspend 20, catch-up 10, pivot 300, resume 20 ms", true),
                "resumed after 900 ms");

        assertEquals(Optional.of(new SwitchPauses(350, 1, "2026-12-05T23:00:00Z")), SwitchPauses.of(List.of(journal)));
        assertEquals(java.util.OptionalLong.of(11_730), PivotPauses.millis(journal), "each was a pause all the same");
    }
}
