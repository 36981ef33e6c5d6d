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
    void aCopyMadeAgainWithSynchronousWritesTeachesNothingOfABackgroundCopysGuest() {
        // The lab's busy guest, 1561 writes a second sampled, wrote 291 a second over a copy given up and
        // made again with synchronous writes (17.3 of its 20.1 GB, 164 of its 256 s): each write waited
        // on the LV too. The next busy guest, 1112 sampled, wrote 488 during its background copy.
        DomainJournal given = DomainJournal.start(
                        "busy", "uuid-busy", "2026-12-07T17:56:44Z", "f", "d", null, List.of(), List.of())
                .with(new JournalEntry(
                        0,
                        "copy-live",
                        StepState.DONE,
                        "2026-12-07T17:56:44Z",
                        CopyPaces.liveDetail(
                                20_059_185_152L,
                                255_860_000_000L,
                                17_272_397_824L,
                                164_474_000_000L,
                                0,
                                Optional.of(wrote(291, 1561)))));

        assertEquals(Optional.empty(), WriteSlowdown.of(List.of(given)));
        WriteSlowdown learned = WriteSlowdown.of(List.of(given, copiedLive("busy2", wrote(488, 1112))))
                .orElseThrow();
        assertEquals(1, learned.copies());
        assertEquals(488.0 / 1112, learned.ratio(), 1e-9);
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
