package io.virttune.apply.journal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.virttune.apply.journal.PivotPauses.Target;
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
                                1190,
                                Target.LINEAR,
                                "suspend 50, catch-up 26, compare 800, pivot 272, resume 42 ms",
                                true),
                        PivotPauses.resumedAfter(
                                350, Target.LINEAR, "suspend 20, catch-up 10, pivot 300, resume 20 ms", true)),
                journal(
                        "db",
                        "2026-12-06T23:00:00Z",
                        PivotPauses.resumedAfter(
                                520, Target.LINEAR, "suspend 20, catch-up 10, pivot 470, resume 20 ms", true)));

        SwitchPauses pauses = SwitchPauses.of(journals, Target.LINEAR).orElseThrow();

        assertEquals(
                new SwitchPauses(390, 3, "2026-12-06T23:00:00Z", Optional.of(Target.LINEAR)),
                pauses,
                "390, 350 and 520 ms: 390");
        assertEquals(
                "the median of 3 earlier switches into a linear LV on this host, the latest at 2026-12-06T23:00:00Z",
                pauses.basis());
    }

    @Test
    void aSwitchIsPredictedByTheSwitchesOntoItsKindOfLvAlone() {
        List<DomainJournal> journals = List.of(
                journal(
                        "web",
                        "2026-12-05T23:00:00Z",
                        PivotPauses.resumedAfter(
                                900,
                                Target.THIN,
                                "suspend 20, catch-up 10, map 300, discards again 250, pivot 300, resume 20 ms",
                                true),
                        PivotPauses.resumedAfter(290, Target.LINEAR, "suspend 20, pivot 250, resume 20 ms", true)),
                journal(
                        "db",
                        "2026-12-06T23:00:00Z",
                        PivotPauses.resumedAfter(
                                950,
                                Target.THIN,
                                "suspend 20, catch-up 10, map 350, discards again 250, pivot 300, resume 20 ms",
                                true),
                        PivotPauses.resumedAfter(310, Target.LINEAR, "suspend 20, pivot 270, resume 20 ms", true),
                        PivotPauses.resumedAfter(
                                880,
                                Target.THIN,
                                "suspend 20, catch-up 10, map 280, discards again 250, pivot 300, resume 20 ms",
                                true)),
                // Before the resume named its LV's kind: read only while no pause names one.
                journal("old", "2026-12-07T01:00:00Z", "resumed after 5000 ms (suspend 20, pivot 4960, resume 20 ms)"));

        SwitchPauses thin = SwitchPauses.of(journals, Target.THIN).orElseThrow();
        SwitchPauses linear = SwitchPauses.of(journals, Target.LINEAR).orElseThrow();

        assertEquals(900, thin.millis(), "880, 900 and 950 ms");
        assertEquals(310, linear.millis(), "290 and 310 ms");
        assertEquals(
                "the median of 3 earlier switches into a thin LV on this host, the latest at 2026-12-06T23:00:00Z",
                thin.basis());
        assertEquals(
                "the median of 2 earlier switches into a linear LV on this host, the latest at 2026-12-06T23:00:00Z",
                linear.basis());
    }

    @Test
    void pausesJournaledBeforeTheyNamedTheirLvsKindPredictOnlyWhileNoneNamesOne() {
        DomainJournal older = journal(
                "web",
                "2026-12-05T23:00:00Z",
                "resumed after 900 ms (suspend 20, catch-up 10, map 300, discards again 250, pivot 300, resume 20 ms)",
                "resumed after 300 ms (suspend 20, pivot 260, resume 20 ms)",
                "resumed after 320 ms (suspend 20, pivot 280, resume 20 ms)");

        SwitchPauses before = SwitchPauses.of(List.of(older), Target.THIN).orElseThrow();

        assertEquals(320, before.millis(), "thin and linear alike, as they were journaled");
        assertEquals(
                "the median of 3 earlier switches on this host (journaled before apply named their LVs' kind:"
                        + " thin and linear alike), the latest at 2026-12-05T23:00:00Z",
                before.basis());
        DomainJournal newer = journal(
                "db",
                "2026-12-06T23:00:00Z",
                PivotPauses.resumedAfter(280, Target.LINEAR, "suspend 20, pivot 240, resume 20 ms", true));
        assertEquals(
                Optional.empty(),
                SwitchPauses.of(List.of(older, newer), Target.THIN),
                "once a pause names its kind, none of the older ones predicts: a thin switch is unknown");
        assertEquals(
                280,
                SwitchPauses.of(List.of(older, newer), Target.LINEAR)
                        .orElseThrow()
                        .millis());
    }

    @Test
    void journalsThatTimedNoPausePredictNone() {
        assertEquals(
                Optional.empty(),
                SwitchPauses.of(
                        List.of(journal("web", "2026-12-05T23:00:00Z", "paused by virt-tune for a pivot", "resumed")),
                        Target.THIN));
    }

    @Test
    void aPauseThatSwitchedNothingPredictsNoSwitchButWasAPause() {
        DomainJournal journal = journal(
                "web",
                "2026-12-05T23:00:00Z",
                // A catch-up given up after 10 s: the guest went back to its source.
                PivotPauses.resumedAfter(10_480, Target.THIN, "suspend 20, catch-up 10400, resume 60 ms", false),
                PivotPauses.resumedAfter(350, Target.THIN, "suspend 20, catch-up 10, pivot 300, resume 20 ms", true),
                "resumed after 900 ms");

        assertEquals(
                Optional.of(new SwitchPauses(350, 1, "2026-12-05T23:00:00Z", Optional.of(Target.THIN))),
                SwitchPauses.of(List.of(journal), Target.THIN));
        assertEquals(java.util.OptionalLong.of(11_730), PivotPauses.millis(journal), "each was a pause all the same");
    }
}
