package io.virttune.apply.journal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.virttune.apply.journal.JournalEntry.StepState;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CopyPacesTest {
    private static final long MIB = 1 << 20;
    private static final long SECOND = 1_000_000_000L;

    @TempDir
    Path temp;

    /** A journal of {@code name} whose copies ended at {@code at} with these details, in order. */
    static DomainJournal copied(String name, String at, String... details) {
        return journaled("convert-image", name, at, details);
    }

    /** A journal of {@code name} whose steps of {@code kind} ended at {@code at} with these details, in order. */
    private static DomainJournal journaled(String kind, String name, String at, String... details) {
        DomainJournal journal = DomainJournal.start(name, "uuid-" + name, at, "f", "d", null, List.of(), List.of());
        for (int i = 0; i < details.length; i++) {
            journal = journal.with(new JournalEntry(i, kind, StepState.STARTED, at, ""))
                    .with(new JournalEntry(i, kind, StepState.DONE, at, details[i]));
        }
        return journal;
    }

    @Test
    void liveCopiesHaveTheirOwnPaceOfWhatTheirMirrorsWroteAndAnOlderEntryOnlyItsTime() {
        List<DomainJournal> journals = List.of(
                journaled(
                        "copy-live",
                        "web",
                        "2026-12-05T22:00:00Z",
                        CopyPaces.liveDetail(8192 * MIB, 160 * SECOND, 0, 0, 0, Optional.empty()),
                        CopyPaces.liveDetail(8192 * MIB, 80 * SECOND, 0, 0, 64 * MIB, Optional.empty()),
                        "copied live and switched in 12.500 s"),
                copied("db", "2026-12-06T22:00:00Z", CopyPaces.detail(1000 * MIB, 1000 * MIB, 10 * SECOND, 0)));

        assertEquals(
                Optional.of(new CopyPaces(51 * MIB + MIB / 5, 1, "2026-12-05T22:00:00Z", true)),
                CopyPaces.live(journals),
                "8 GiB in 160 s; the capped copy shows its cap, the older entry says no bytes");
        assertEquals(100 * MIB, CopyPaces.of(journals).orElseThrow().bytesPerSecond(), "offline copies apart");
        assertEquals(252.5, CopyPaces.liveSeconds(journals.get(0)).orElseThrow(), 1e-9, "every live copy's time");
        assertEquals(
                "the pace of the one earlier live copy on this host, at 2026-12-05T22:00:00Z",
                CopyPaces.live(journals).orElseThrow().basis("live copy"));
    }

    @Test
    void copiesWithSynchronousWritesHaveTheirOwnPaceAndEntriesWithoutThemHaveNone() {
        List<DomainJournal> journals = List.of(journaled(
                "copy-live",
                "busy",
                "2026-12-07T10:00:00Z",
                // 9 GiB in all, 8 GiB of it copied again with synchronous writes in 273 s: 30 MiB/s.
                CopyPaces.liveDetail(9216 * MIB, 500 * SECOND, 8192 * MIB, 273 * SECOND, 0, Optional.empty()),
                CopyPaces.liveDetail(8192 * MIB, 160 * SECOND, 0, 0, 0, Optional.empty()),
                CopyPaces.liveDetail(9216 * MIB, 400 * SECOND, 8192 * MIB, 100 * SECOND, 64 * MIB, Optional.empty()),
                "copied live 8589934592 bytes and switched in 120.000 s"));

        assertEquals(
                Optional.of(new CopyPaces(30 * MIB + 7_681, 1, "2026-12-07T10:00:00Z", true)),
                CopyPaces.synchronous(journals),
                "the capped one shows its cap; the others copied nothing synchronously");
        assertEquals(
                "copied live 9663676416 bytes and switched in 500.000 s, 8589934592 bytes of them with synchronous"
                        + " writes in 273.000 s",
                CopyPaces.liveDetail(9216 * MIB, 500 * SECOND, 8192 * MIB, 273 * SECOND, 0, Optional.empty()));
        assertEquals(3, CopyPaces.live(journals).orElseThrow().copies(), "every uncapped live copy's pace, as before");
        assertEquals(1180, CopyPaces.liveSeconds(journals.get(0)).orElseThrow(), 1e-9, "their time, as before");
    }

    @Test
    void aBusyCopyGivenUpCountsItsBackgroundCopyWithoutTheSwitchTheCopyMadeAgainEndedWith() {
        // The guest outpaced the background copy: 8 GiB copied in the background, aborted, the disk
        // copied again with synchronous writes until ready in 80 s, then switched in a 20 s pause (a
        // paused compare and the thin LV's chunks given back), 300 s in all. The background copy took
        // 200 s of it: 40.96 MiB/s, where the switch counted in made it 37.2.
        WritesDuringCopy busy = new WritesDuringCopy(500, OptionalDouble.of(800));
        String done = CopyPaces.liveDetail(16384 * MIB, 300 * SECOND, 8192 * MIB, 80 * SECOND, 0, Optional.of(busy));
        DomainJournal journal = switchedAfter(DomainJournal.start(
                                "busy", "uuid-busy", "2026-12-07T10:00:00Z", "f", "d", null, List.of(), List.of())
                        .with(new JournalEntry(0, "copy-live", StepState.STARTED, "2026-12-07T10:00:00Z", "")))
                .with(new JournalEntry(0, "copy-live", StepState.DONE, "2026-12-07T10:05:00Z", done));

        assertEquals(
                Optional.of(new CopyPaces(8192 * MIB / 200, 1, "2026-12-07T10:05:00Z", true)),
                CopyPaces.busyLive(List.of(journal), 10));
        // A background copy that got ready switched itself: its pause is its own, counted as before.
        String ready = CopyPaces.liveDetail(8192 * MIB, 100 * SECOND, 0, 0, 0, Optional.of(busy));
        DomainJournal both = switchedAfter(journal)
                .with(new JournalEntry(1, "copy-live", StepState.DONE, "2026-12-07T10:07:00Z", ready));
        assertEquals(
                8192 * MIB / 100,
                CopyPaces.busyLive(List.of(both), 10).orElseThrow().bytesPerSecond(),
                "the median of the two, the upper one, its 100 s whole");
    }

    /** {@code journal} with a guest paused 20 s for a switch, then resumed on its copy. */
    private static DomainJournal switchedAfter(DomainJournal journal) {
        return journal.with(new JournalEntry(
                        -1,
                        PivotPauses.KIND,
                        StepState.DONE,
                        "2026-12-07T10:05:00Z",
                        "paused by virt-tune for a pivot"))
                .with(new JournalEntry(
                        -1,
                        PivotPauses.KIND,
                        StepState.DONE,
                        "2026-12-07T10:05:00Z",
                        PivotPauses.resumedAfter(
                                20_000,
                                PivotPauses.Target.THIN,
                                "suspend 5, give-back 2000, compare 17900, pivot 86, resume 9 ms",
                                true)));
    }

    @Test
    void aLiveCopysGuestWritesAreReadBackAndAnOlderEntryHasNone() {
        String both = CopyPaces.liveDetail(
                11_150 * MIB, 137 * SECOND, 0, 0, 0, Optional.of(new WritesDuringCopy(473.4, OptionalDouble.of(1308))));
        String unsampled = CopyPaces.liveDetail(
                8192 * MIB, 160 * SECOND, 0, 0, 64 * MIB, Optional.of(new WritesDuringCopy(0, OptionalDouble.empty())));
        String unread = CopyPaces.liveDetail(8192 * MIB, 160 * SECOND, 0, 0, 0, Optional.empty());
        List<DomainJournal> journals = List.of(journaled(
                "copy-live",
                "busy",
                "2026-12-07T10:00:00Z",
                both,
                unsampled,
                unread,
                "copied live 8589934592 bytes and switched in 120.000 s"));

        assertEquals(
                "copied live 11691622400 bytes and switched in 137.000 s, the guest writing 473 times a second during"
                        + " it (1308 sampled by plan)",
                both);
        assertEquals(
                "copied live 8589934592 bytes and switched in 160.000 s, capped at 67108864 bytes/s, the guest writing"
                        + " 0 times a second during it",
                unsampled);
        assertEquals(
                List.of(
                        new WritesDuringCopy(473, OptionalDouble.of(1308)),
                        new WritesDuringCopy(0, OptionalDouble.empty())),
                CopyPaces.guestWrites(journals),
                "a copy whose counters were not read says nothing, not zero");
        assertEquals(3, CopyPaces.live(journals).orElseThrow().copies(), "the paces read as before, the capped apart");
        assertEquals(577, CopyPaces.liveSeconds(journals.get(0)).orElseThrow(), 1e-9, "every copy's time, as before");
    }

    @Test
    void theMedianPaceOfTheUncappedCopiesBigEnoughToTell() {
        List<DomainJournal> journals = List.of(
                copied(
                        "a",
                        "2026-12-01T22:00:00Z",
                        CopyPaces.detail(1000 * MIB, 1000 * MIB, 10 * SECOND, 0),
                        CopyPaces.detail(2000 * MIB, 2000 * MIB, 10 * SECOND, 0)),
                copied(
                        "b",
                        "2026-12-02T23:00:00Z",
                        CopyPaces.detail(3000 * MIB, 3000 * MIB, 10 * SECOND, 0),
                        CopyPaces.detail(8000 * MIB, 8000 * MIB, 10 * SECOND, 50 * MIB),
                        CopyPaces.detail(10 * MIB, 10 * MIB, SECOND / 100, 0),
                        "found in place on resume"));

        Optional<CopyPaces> paces = CopyPaces.of(journals);

        assertEquals(
                Optional.of(new CopyPaces(200 * MIB, 3, "2026-12-02T23:00:00Z", true)),
                paces,
                "100, 200 and 300 MiB/s; the capped copy shows its cap and the 10 MiB one qemu-img's start");
    }

    @Test
    void aCopyIntoALinearLvIsAPaceOfTheWholeLvItWroteAndVerifiedNotOfItsData() {
        // 1 GiB of data in an 8 GiB linear LV: qemu-img wrote the zeros too, the verify read it all, in 80 s.
        List<DomainJournal> journals =
                List.of(copied("db", "2026-12-06T22:00:00Z", CopyPaces.detail(1024 * MIB, 8192 * MIB, 80 * SECOND, 0)));

        assertEquals(
                Optional.of(new CopyPaces(102 * MIB + 2 * MIB / 5, 1, "2026-12-06T22:00:00Z", true)),
                CopyPaces.of(journals),
                "8 GiB in 80 s, not 1 GiB");
        assertEquals(80.0, CopyPaces.seconds(journals.get(0)).orElseThrow(), 1e-9, "its time as apply took it");
    }

    @Test
    void anEntryFromBeforeCopiesNamedWhatTheyWroteIsItsDataOverItsTimeUntilOneNamesIt() {
        DomainJournal older = copied(
                "web",
                "2026-12-01T22:00:00Z",
                "copied and verified 1073741824 bytes in 80.000 s",
                "copied and verified 2147483648 bytes in 20.000 s");

        CopyPaces before = CopyPaces.of(List.of(older)).orElseThrow();

        assertEquals(
                new CopyPaces(102 * MIB + 2 * MIB / 5, 2, "2026-12-01T22:00:00Z", false),
                before,
                "12.8 and 102.4 MiB/s: the median of two is the second");
        assertEquals(
                "the median of 2 earlier copies on this host (journaled before apply named what they wrote: their data"
                        + " over their time, low where a linear LV's zeros were written too), the latest at"
                        + " 2026-12-01T22:00:00Z",
                before.basis("copy"));
        DomainJournal newer =
                copied("db", "2026-12-02T22:00:00Z", CopyPaces.detail(1024 * MIB, 8192 * MIB, 64 * SECOND, 0));
        assertEquals(
                Optional.of(new CopyPaces(128 * MIB, 1, "2026-12-02T22:00:00Z", true)),
                CopyPaces.of(List.of(older, newer)),
                "once a copy names what it wrote, the older ones are not counted");
    }

    @Test
    void noCopyNoPaceAndAStateDirectoryReadsItsJournalsBack() {
        assertEquals(Optional.empty(), CopyPaces.of(List.of(copied("a", "2026-12-01T22:00:00Z"))));
        StateDirectory state = new StateDirectory(temp);
        assertEquals(List.of(), state.journals(), "no state yet");
        state.save(copied("a", "2026-12-01T22:00:00Z", CopyPaces.detail(1000 * MIB, 1000 * MIB, 10 * SECOND, 0)));

        assertEquals(100 * MIB, CopyPaces.of(state.journals()).orElseThrow().bytesPerSecond());
    }
}
