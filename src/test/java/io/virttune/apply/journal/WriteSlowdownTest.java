package io.virttune.apply.journal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.virttune.apply.journal.JournalEntry.StepState;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

/** The median slowdown of busy guests' writes during their journaled live copies. */
class WriteSlowdownTest {
    /** A journal of {@code name} whose live copies' guests wrote {@code writes}, one copy each. */
    private static DomainJournal copiedLive(String name, WritesDuringCopy... writes) {
        String at = "2026-12-07T10:00:00Z";
        DomainJournal journal = DomainJournal.start(name, "uuid-" + name, at, "f", "d", null, List.of(), List.of());
        for (int i = 0; i < writes.length; i++) {
            journal = journal.with(new JournalEntry(i, "copy-live", StepState.STARTED, at, ""))
                    .with(new JournalEntry(
                            i,
                            "copy-live",
                            StepState.DONE,
                            at,
                            CopyPaces.liveDetail(8L << 30, 100_000_000_000L, 0, 0, 0, Optional.of(writes[i]))));
        }
        return journal;
    }

    private static WritesDuringCopy wrote(double during, double sampled) {
        return new WritesDuringCopy(during, OptionalDouble.of(sampled));
    }

    @Test
    void theMedianOfTheBusyCopiesRatiosTheIdleAndTheUnsampledLeftOut() {
        List<DomainJournal> journals = List.of(
                copiedLive("web", wrote(473, 1308), wrote(594, 903)),
                copiedLive(
                        "db",
                        wrote(411, 453),
                        // An idle guest's noise: 3 writes a second sampled, 9 during, is no ratio of a busy one.
                        wrote(9, 3),
                        new WritesDuringCopy(800, OptionalDouble.empty())));

        WriteSlowdown learned = WriteSlowdown.of(journals).orElseThrow();

        // 473/1308 = 0.36, 594/903 = 0.66, 411/453 = 0.91: the middle one.
        assertEquals(3, learned.copies());
        assertEquals(594.0 / 903, learned.ratio(), 1e-9);
        assertEquals(
                "this host's guests wrote 0.66x their sampled rate during their live copies, the median of 3",
                learned.basis());
    }

    @Test
    void ofAnEvenCountTheUpperMiddleAndOfNoBusyCopyNone() {
        WriteSlowdown two = WriteSlowdown.of(List.of(copiedLive("web", wrote(473, 1308), wrote(411, 453))))
                .orElseThrow();

        assertEquals(411.0 / 453, two.ratio(), 1e-9);
        assertEquals(
                "this host's guests wrote 0.36x their sampled rate during their live copies, the one busy copy journaled",
                new WriteSlowdown(473.0 / 1308, 1).basis());
        assertEquals(
                Optional.empty(),
                WriteSlowdown.of(List.of(copiedLive("quiet", wrote(2, 9.4), wrote(0, 0)))),
                "sampled below 10 writes a second, as journaled (whole writes): idle guests");
        assertEquals(Optional.empty(), WriteSlowdown.of(List.of()));
    }

    @Test
    void aCopyWhoseGuestWroteFasterThanSampledCountsAsUnslowed() {
        // Sampled as its load was starting (22 a second), 258 during the copy: the sample missed the
        // load; the mirror did not speed the guest up twelvefold.
        WriteSlowdown learned = WriteSlowdown.of(
                        List.of(copiedLive("web", wrote(258, 22), wrote(258, 22), wrote(473, 1308))))
                .orElseThrow();

        assertEquals(1.0, learned.ratio(), 1e-9);
    }
}
