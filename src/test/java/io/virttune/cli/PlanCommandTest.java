package io.virttune.cli;

import static io.virttune.testing.Cli.EXAMPLE_URI;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.plan.DomainOutcome;
import io.virttune.plan.Plan;
import io.virttune.plan.PlanJson;
import io.virttune.plan.Schedule;
import io.virttune.testing.Cli;
import io.virttune.testing.Golden;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PlanCommandTest {
    private static final String[] EXAMPLE = {
        "plan", "--connect", EXAMPLE_URI, "--host-facts", "examples/hv01", "--thin-pool", "vg_fast/tpool", "--all"
    };

    @TempDir
    Path temp;

    private static String[] with(String... more) {
        String[] args = new String[EXAMPLE.length + more.length];
        System.arraycopy(EXAMPLE, 0, args, 0, EXAMPLE.length);
        System.arraycopy(more, 0, args, EXAMPLE.length, more.length);
        return args;
    }

    @Test
    void theExampleHostsPlanWithDiffsMatchesItsGoldenSummary() {
        Cli cli = Cli.run(with("--diff"));

        assertEquals(0, cli.exitCode(), cli.err());
        Golden.assertMatches("plan/hv01-thin.txt", cli.normalizedOut());
    }

    @Test
    void theExampleHostsPlanMatchesItsGoldenJson() {
        Cli cli = Cli.run(with("--json"));

        assertEquals(0, cli.exitCode(), cli.err());
        Golden.assertMatches("plan/hv01-thin.json", cli.normalizedOut());
    }

    @Test
    void bandwidthCapsOfflineCopiesAndTheirVerifyInThePlan() {
        Cli text = Cli.run(with("--bandwidth", "50M"));
        Plan plan = PlanJson.read(Cli.run(with("--bandwidth", "50M", "--json")).out(), "stdout");

        assertEquals(0, text.exitCode(), text.err());
        assertTrue(text.out().contains("as raw, writing only allocated data, at most 50 MiB/s"), text.out());
        assertTrue(
                text.out()
                        .contains("reads the same as /var/lib/libvirt/images/backup01-system.qcow2, at most 50 MiB/s"),
                text.out());
        var steps = plan.domains().stream().flatMap(d -> d.steps().stream()).toList();
        assertTrue(steps.stream().anyMatch(step -> step instanceof io.virttune.plan.ConvertImage));
        steps.stream()
                .filter(step -> step instanceof io.virttune.plan.ConvertImage)
                .forEach(step -> assertEquals(
                        50L << 20, ((io.virttune.plan.ConvertImage) step).bandwidthBytesPerSecond(), step.describe()));
        steps.stream()
                .filter(step -> step instanceof io.virttune.plan.VerifyCopy)
                .forEach(step -> assertEquals(
                        50L << 20, ((io.virttune.plan.VerifyCopy) step).bandwidthBytesPerSecond(), step.describe()));
    }

    @Test
    void aCopyRateAndAWindowScheduleTheGuestsThatGoDown() {
        Cli text = Cli.run(with("--copy-rate", "100M", "--window", "30m"));
        Plan plan = PlanJson.read(
                Cli.run(with("--copy-rate", "100M", "--window", "30m", "--json"))
                        .out(),
                "stdout");

        assertEquals(0, text.exitCode(), text.err());
        Golden.assertMatches(
                "plan/hv01-thin-schedule.txt", text.out().substring(text.out().indexOf("Schedule:")));
        assertEquals(30 * 60, plan.schedule().windowSeconds());
        assertEquals(100L << 20, plan.schedule().copyBytesPerSecond());
        var scheduled = plan.schedule().windows().stream()
                .flatMap(w -> w.domains().stream())
                .map(io.virttune.plan.Schedule.Slot::domain)
                .sorted()
                .toList();
        var copying = plan.domains().stream()
                .filter(d -> d.steps().stream().anyMatch(step -> step instanceof io.virttune.plan.ConvertImage))
                .map(io.virttune.plan.DomainPlan::name)
                .sorted()
                .toList();
        assertEquals(copying, scheduled, "every guest that goes down to move has one place, and only those");
        plan.schedule()
                .windows()
                .forEach(w -> assertTrue(
                        w.seconds() <= 30 * 60 || w.domains().size() == 1, "a window holds what fits, or one guest"));
    }

    @Test
    void capsAndLiveMovesArePredictedWithTheirBasisPerDiskPerGuestAndForTheHost() {
        Cli cli = Cli.run(with("--live", "--bandwidth", "50M", "--copy-rate", "100M"));

        assertEquals(0, cli.exitCode(), cli.err());
        Golden.assertMatches(
                "plan/hv01-thin-live-schedule.txt",
                cli.normalizedOut().substring(cli.normalizedOut().indexOf("Schedule:")));
    }

    @Test
    void thePlanPageShowsEachGuestsAndEachDisksPredictionWithItsBasis() throws Exception {
        Path page = temp.resolve("plan.html");
        Cli cli = Cli.run(with("--live", "--bandwidth", "50M", "--copy-rate", "100M", "--html", page.toString()));

        assertEquals(0, cli.exitCode(), cli.err());
        String html = Files.readString(page);
        assertTrue(
                html.contains("This host: 8 guest(s) down 2h49m in all, 247.4 GiB copied; 3 guest(s) moved live, their"
                        + " copies 1h29m, their mirrors writing 260 GiB (102.5 GiB of data)."),
                html);
        assertTrue(
                html.contains(
                        "<tr><td>mail01</td><td>44 GiB</td><td>not sampled</td><td>120 GiB</td><td>41m00s</td><td>unknown</td>"
                                + "<td>each switch:"),
                html);
        assertTrue(html.contains("win2019-sql: stage [domain shut off], window 1, down 1h32m (predicted)"), html);
        assertTrue(html.contains("<td>1h06m (the copy and its verify each at the 50 MiB/s cap)</td>"), html);
        assertTrue(
                html.contains("mail01: migrate [domain running], live: copies 41m00s, pause unknown (predicted)"),
                html);
    }

    @Test
    void aWriteSampleIsForTheLiveCopiesPredictionsBoundedAndOffWithZero() {
        Cli alone = Cli.run(with("--live", "--write-sample", "2s"));
        Cli tooLong = Cli.run(with("--live", "--copy-rate", "100M", "--write-sample", "90s"));
        Cli off = Cli.run(with("--live", "--copy-rate", "100M", "--write-sample", "0"));

        assertEquals(2, alone.exitCode());
        assertTrue(alone.err().contains("--write-sample is read for the live copies' predictions"), alone.err());
        assertEquals(2, tooLong.exitCode());
        assertTrue(tooLong.err().contains("'90s' is longer than the 60s a sample may wait"), tooLong.err());
        assertEquals(0, off.exitCode(), off.err());
        assertTrue(off.out().contains("the guest's writes not sampled (--write-sample 0)"), off.out());
    }

    @Test
    void backgroundFirstIsRefusedWhereNoLiveCopyIsPredictedOrEveryOneHasSynchronousWrites() {
        Cli unscheduled = Cli.run(with("--live", "--background-first"));
        Cli notLive = Cli.run(with("--copy-rate", "100M", "--background-first"));
        Cli synchronous = Cli.run(with("--live", "--copy-rate", "100M", "--synchronous-writes", "--background-first"));
        Cli fleet = Cli.run(
                "plan",
                "--host",
                "hv01",
                "--thin-pool",
                "vg_fast/tpool",
                "--all",
                "--live",
                "--copy-rate",
                "100M",
                "--background-first");
        Cli scheduled = Cli.run(with("--live", "--copy-rate", "100M", "--background-first"));

        for (Cli refused : List.of(unscheduled, notLive)) {
            assertEquals(2, refused.exitCode(), refused.err());
            assertTrue(
                    refused.err().contains("--background-first decides how the live copies a schedule predicts"),
                    refused.err());
        }
        assertEquals(2, synchronous.exitCode(), synchronous.err());
        assertTrue(
                synchronous.err().contains("--synchronous-writes starts every live copy with synchronous writes"),
                synchronous.err());
        assertEquals(2, fleet.exitCode(), fleet.err());
        assertTrue(fleet.err().contains("--background-first decides for a sample of this host's guests"), fleet.err());
        assertEquals(0, scheduled.exitCode(), scheduled.err());
    }

    @Test
    void withoutACopyRateAWindowIsPlannedAtThePaceOfThisHostsEarlierCopies() {
        journalEarlierCopies();

        Cli cli = Cli.run(with("--window", "30m", "--state-dir", temp.toString()));

        assertEquals(0, cli.exitCode(), cli.err());
        assertTrue(
                cli.out()
                        .contains("each copy and its verify at 200 MiB/s (the median of 3 earlier copies on this host,"
                                + " the latest at 2026-12-03T22:10:00Z)"),
                cli.out());
        Cli unused = Cli.run(with("--copy-rate", "1G", "--window", "4h", "--state-dir", temp.toString()));
        assertEquals(2, unused.exitCode());
        assertTrue(unused.err().contains("--state-dir is read for the copy rate of --window"), unused.err());
    }

    /** Three earlier copies journaled in the state directory, 100, 200 and 300 MiB/s: their median is 200. */
    private void journalEarlierCopies() {
        io.virttune.apply.journal.StateDirectory state = new io.virttune.apply.journal.StateDirectory(temp);
        for (int i = 1; i <= 3; i++) {
            state.save(io.virttune.apply.journal.DomainJournal.start(
                            "old" + i,
                            "uuid-" + i,
                            "2026-12-0" + i + "T22:00:00Z",
                            "f",
                            "d",
                            null,
                            List.of(),
                            List.of())
                    .with(new io.virttune.apply.journal.JournalEntry(
                            2,
                            "convert-image",
                            io.virttune.apply.journal.JournalEntry.StepState.DONE,
                            "2026-12-0" + i + "T22:10:00Z",
                            io.virttune.apply.journal.CopyPaces.detail(
                                    i * 1000L << 20, i * 1000L << 20, 10_000_000_000L, 0))));
        }
    }

    @Test
    void aLiveCopyIsPredictedByThisHostsEarlierLiveCopiesElseItsZerosAtThePoolsCalibratedWrites() {
        keepCalibration("vg_fast", "tpool", 3);

        Schedule.DiskTime calibrated = mail01sCopy();

        // 44 GiB of data at 120 MiB/s (the calibration's write and read, one after the other) and
        // 76 GiB of zeros at its 200 MiB/s writes: 375.5 + 389.1 s, then 2 s.
        assertEquals(767, calibrated.seconds(), calibrated.basis());
        assertTrue(
                calibrated
                        .basis()
                        .contains("its data at 120 MiB/s, its zeros at 200 MiB/s, the write pace of the calibration of"
                                + " vg_fast/tpool at "),
                calibrated.basis());
        // 100 GiB written by an earlier mirror in 800 s: 128 MiB/s, preferred to the calibration.
        journalLiveCopy(io.virttune.apply.journal.CopyPaces.liveDetail(
                100L << 30, 800_000_000_000L, 0, 0, 0, java.util.Optional.empty()));

        Schedule.DiskTime journaled = mail01sCopy();

        assertEquals(960, journaled.seconds(), "120 GiB at 128 MiB/s, the switch in that pace: " + journaled.basis());
        assertTrue(
                journaled
                        .basis()
                        .contains("at 128 MiB/s, the pace of the one earlier live copy on this host, at"
                                + " 2026-12-05T22:20:00Z"),
                journaled.basis());
    }

    @Test
    void aFirstLiveCopyIsPredictedAtTheMirrorCalibrateTimedInTheGuestsQemuUntilALiveCopyIsJournaled() {
        // 1280 MiB in 20 s: 64 MiB/s, well below the 200 MiB/s the calibration's own writes went at.
        keepMirrorCalibration(
                new io.virttune.apply.journal.Calibration.Mirror("web01", "vda", 1280L << 20, 64L << 20, null));

        Schedule.DiskTime timed = mail01sCopy();

        // 120 GiB, data and zeros, at 64 MiB/s: 1920 s, then 2 s for its readiness seen.
        assertEquals(1922, timed.seconds(), timed.basis());
        assertTrue(
                timed.basis()
                        .contains("at 64 MiB/s, the mirror of web01's vda calibrate measured on 2026-12-05T21:00:00Z"
                                + " over 20 s"),
                timed.basis());
        journalLiveCopy(io.virttune.apply.journal.CopyPaces.liveDetail(
                100L << 30, 800_000_000_000L, 0, 0, 0, java.util.Optional.empty()));

        Schedule.DiskTime journaled = mail01sCopy();

        assertEquals(960, journaled.seconds(), "the earlier live copy's 128 MiB/s comes first: " + journaled.basis());
    }

    @Test
    void aFirstLiveCopyIsPredictedAtThePaceOfWhatAnEarlierOfflineCopyIntoALinearLvWrote() {
        // 1 GiB of data copied into an 8 GiB linear LV in 80 s: the zeros written and verified too.
        journalOneStep(
                "convert-image",
                "2026-12-05T22:10:00Z",
                io.virttune.apply.journal.CopyPaces.detail(1L << 30, 8L << 30, 80_000_000_000L, 0));

        Schedule.DiskTime copy = mail01sCopy();

        // Its mirror's 120 GiB at 8 GiB in 80 s, 102.4 MiB/s (to the byte below): a shade over 1200 s,
        // then 2 s; not 9602 s at 1 GiB in 80 s.
        assertEquals(1203, copy.seconds(), copy.basis());
        assertTrue(copy.basis().contains("its data and zeros at 102.4 MiB/s"), copy.basis());
    }

    @Test
    void aLiveGuestsSwitchIsPredictedByThisHostsEarlierSwitchesTheirPausedComparesLeftOut() {
        Schedule.LiveGuest unknown = mail01Live();
        assertEquals(0, unknown.switchMillis(), unknown.pauseBasis());
        new io.virttune.apply.journal.StateDirectory(temp)
                .save(io.virttune.apply.journal.DomainJournal.start(
                                "old", "uuid-old", "2026-12-05T22:00:00Z", "f", "d", null, List.of(), List.of())
                        .with(resumed(
                                "2026-12-05T22:20:00Z",
                                1190,
                                io.virttune.apply.journal.PivotPauses.Target.THIN,
                                "suspend 50, uncap 66, catch-up 26, compare 510, pivot 494, resume 44 ms"))
                        // A switch into a linear LV predicts none into the plan's thin pool.
                        .with(resumed(
                                "2026-12-05T22:40:00Z",
                                250,
                                io.virttune.apply.journal.PivotPauses.Target.LINEAR,
                                "suspend 20, pivot 210, resume 20 ms")));

        Schedule.LiveGuest journaled = mail01Live();

        assertEquals(680, journaled.switchMillis(), journaled.pauseBasis());
        assertTrue(
                journaled
                        .pauseBasis()
                        .startsWith("each switch 680 ms, the one earlier switch into a thin LV on this host, at"
                                + " 2026-12-05T22:20:00Z"),
                journaled.pauseBasis());
    }

    /** A journal in the state directory whose one step, of {@code kind}, ended at {@code at} saying {@code detail}. */
    private void journalOneStep(String kind, String at, String detail) {
        new io.virttune.apply.journal.StateDirectory(temp)
                .save(io.virttune.apply.journal.DomainJournal.start(
                                "old", "uuid-old", "2026-12-05T22:00:00Z", "f", "d", null, List.of(), List.of())
                        .with(new io.virttune.apply.journal.JournalEntry(
                                2, kind, io.virttune.apply.journal.JournalEntry.StepState.DONE, at, detail)));
    }

    /** The journal entry of a resume at {@code at} after a switch of {@code millis} ms {@code into} its LV. */
    private static io.virttune.apply.journal.JournalEntry resumed(
            String at, long millis, io.virttune.apply.journal.PivotPauses.Target into, String parts) {
        return new io.virttune.apply.journal.JournalEntry(
                -1,
                io.virttune.apply.journal.PivotPauses.KIND,
                io.virttune.apply.journal.JournalEntry.StepState.DONE,
                at,
                io.virttune.apply.journal.PivotPauses.resumedAfter(millis, into, parts, true));
    }

    /** mail01 as a live plan with a window predicts it from the state directory. */
    private Schedule.LiveGuest mail01Live() {
        Cli cli = Cli.run(with("--live", "--window", "30m", "--state-dir", temp.toString(), "--json"));
        assertEquals(0, cli.exitCode(), cli.err());
        return PlanJson.read(cli.out(), "stdout").schedule().live().stream()
                .filter(guest -> guest.domain().equals("mail01"))
                .findFirst()
                .orElseThrow();
    }

    /** mail01's disk, 44 GiB of data in 120 GiB, as a live plan with a window predicts its copy from the state directory. */
    private Schedule.DiskTime mail01sCopy() {
        return mail01Live().disks().get(0);
    }

    /** A calibration of vg_fast/tpool kept 3 days ago with {@code mirror} timed after its passes, at 2026-12-05T21:00:00Z. */
    private void keepMirrorCalibration(io.virttune.apply.journal.Calibration.Mirror mirror) {
        keepCalibration("vg_fast", "tpool", 3);
        io.virttune.apply.journal.StateDirectory state = new io.virttune.apply.journal.StateDirectory(temp);
        state.save(state.calibration("vg_fast", "tpool").orElseThrow().withMirror(mirror, "2026-12-05T21:00:00Z"));
    }

    /** A calibration of {@code vg}/{@code pool} (null: linear) kept {@code days} ago: write 200 MiB/s, read 300. */
    private void keepCalibration(String vg, String pool, int days) {
        keepCalibration(vg, pool, days, 0);
    }

    /** As {@link #keepCalibration(String, String, int)}, its scattered writes at {@code scattered} bytes a second (0: none). */
    private void keepCalibration(String vg, String pool, int days, long scattered) {
        new io.virttune.apply.journal.StateDirectory(temp)
                .save(new io.virttune.apply.journal.Calibration(
                        vg,
                        pool,
                        "/dev/" + vg + "/virt-tune-calibration-7",
                        1L << 30,
                        200L << 20,
                        1L << 30,
                        300L << 20,
                        scattered > 0 ? 128L << 20 : 0,
                        scattered,
                        java.time.Instant.now()
                                .minus(java.time.Duration.ofDays(days))
                                .truncatedTo(java.time.temporal.ChronoUnit.SECONDS)
                                .toString(),
                        null));
    }

    @Test
    void aBusyCopysPacesAfterItsFirstPassNameTheirSourcesInTheJson() {
        Schedule nothing = liveSchedule();
        assertEquals(
                "derived",
                nothing.busyPaces().granules().source(),
                nothing.busyPaces().granules().basis());
        assertTrue(
                nothing.busyPaces()
                        .granules()
                        .basis()
                        .endsWith("no calibration of thin pool vg_fast/tpool kept in " + temp
                                + " (virt-tune calibrate --thin-pool vg_fast/tpool --execute measures one)"),
                nothing.busyPaces().granules().basis());
        assertEquals("granules", nothing.busyPaces().synchronous().source());
        assertTrue(
                nothing.busyPaces()
                        .synchronous()
                        .basis()
                        .endsWith("no copy with synchronous writes journaled in " + temp),
                nothing.busyPaces().synchronous().basis());

        keepCalibration("vg_fast", "tpool", 1);
        Schedule older = liveSchedule();
        assertEquals("derived", older.busyPaces().granules().source());
        assertTrue(
                older.busyPaces().granules().basis().contains("was made before calibrate measured scattered writes"),
                older.busyPaces().granules().basis());

        keepCalibration("vg_fast", "tpool", 1, 25L << 20);
        journalLiveCopy(io.virttune.apply.journal.CopyPaces.liveDetail(
                9L << 30, 500_000_000_000L, 8L << 30, 256_000_000_000L, 0, java.util.Optional.empty()));
        Schedule measured = liveSchedule();

        assertEquals(25L << 20, measured.busyPaces().granules().bytesPerSecond());
        assertEquals("calibration", measured.busyPaces().granules().source());
        assertTrue(
                measured.busyPaces()
                        .granules()
                        .basis()
                        .startsWith("the scattered 64 KiB writes of the calibration of vg_fast/tpool at "),
                measured.busyPaces().granules().basis());
        assertEquals(
                new io.virttune.plan.BusyPaces.Pace(
                        32L << 20,
                        "earlier-synchronous-copies",
                        "the pace of the one earlier synchronous copy on this host, at 2026-12-05T22:20:00Z"),
                measured.busyPaces().synchronous(),
                "8 GiB with synchronous writes in 256 s");
    }

    @Test
    void aBusyGuestsWritesDuringItsCopyAreLearnedFromThisHostsJournaledBusyCopies() {
        assertEquals(
                new io.virttune.plan.BusyPaces.WritesFactor(
                        1,
                        "sampled",
                        "as sampled, no busy live copy journaled in " + temp + " with its guest's writes during it"),
                liveSchedule().busyPaces().writesDuringCopy());

        io.virttune.apply.journal.DomainJournal journal = io.virttune.apply.journal.DomainJournal.start(
                "old", "uuid-old", "2026-12-05T22:00:00Z", "f", "d", null, List.of(), List.of());
        // Sampled 1308, 903 and 453 writes a second, then 473, 594 and 411 during their copies; a guest
        // sampled at 3 is idle, its 9 during no ratio of a busy one.
        double[][] wrote = {{473, 1308}, {594, 903}, {411, 453}, {9, 3}};
        for (int i = 0; i < wrote.length; i++) {
            journal = journal.with(new io.virttune.apply.journal.JournalEntry(
                    i,
                    "copy-live",
                    io.virttune.apply.journal.JournalEntry.StepState.DONE,
                    "2026-12-05T22:20:00Z",
                    io.virttune.apply.journal.CopyPaces.liveDetail(
                            8L << 30,
                            137_000_000_000L,
                            0,
                            0,
                            0,
                            java.util.Optional.of(new io.virttune.apply.journal.WritesDuringCopy(
                                    wrote[i][0], java.util.OptionalDouble.of(wrote[i][1]))))));
        }
        new io.virttune.apply.journal.StateDirectory(temp).save(journal);

        io.virttune.plan.BusyPaces.WritesFactor learned =
                liveSchedule().busyPaces().writesDuringCopy();

        assertEquals("earlier-live-copies", learned.source());
        assertEquals(594.0 / 903, learned.factor(), 1e-9, "the middle of 0.36, 0.66 and 0.91");
        assertEquals(
                "this host's guests wrote 0.66x their sampled rate during their live copies, the median of 3",
                learned.basis());
    }

    @Test
    void aBusyGuestsFirstPassIsLearnedFromThisHostsLiveCopiesWhoseGuestWroteDuringThem() {
        assertEquals(
                io.virttune.plan.BusyPaces.Pace.asIdle(
                        "no live copy journaled in " + temp + " with its guest writing during it, and no mirror"
                                + " calibrated while its guest wrote (virt-tune calibrate --thin-pool vg_fast/tpool"
                                + " --mirror DOMAIN --execute, its guest at its usual load, measures one)"),
                liveSchedule().busyPaces().firstPass());

        io.virttune.apply.journal.DomainJournal journal = io.virttune.apply.journal.DomainJournal.start(
                "old", "uuid-old", "2026-12-05T22:00:00Z", "f", "d", null, List.of(), List.of());
        // 8 GiB each: two guests writing 473 and 12 times a second during their copies, in 128 and 64 s;
        // one writing 9 times a second (an idle guest's noise) in 32 s, and one unread in 16 s.
        double[][] copies = {{473, 128}, {12, 64}, {9, 32}, {-1, 16}};
        for (int i = 0; i < copies.length; i++) {
            java.util.Optional<io.virttune.apply.journal.WritesDuringCopy> during = copies[i][0] < 0
                    ? java.util.Optional.empty()
                    : java.util.Optional.of(new io.virttune.apply.journal.WritesDuringCopy(
                            copies[i][0], java.util.OptionalDouble.of(500)));
            journal = journal.with(new io.virttune.apply.journal.JournalEntry(
                    i,
                    "copy-live",
                    io.virttune.apply.journal.JournalEntry.StepState.DONE,
                    "2026-12-05T22:20:00Z",
                    io.virttune.apply.journal.CopyPaces.liveDetail(
                            8L << 30, (long) (copies[i][1] * 1e9), 0, 0, 0, during)));
        }
        new io.virttune.apply.journal.StateDirectory(temp).save(journal);

        io.virttune.plan.BusyPaces.Pace learned = liveSchedule().busyPaces().firstPass();

        assertEquals("earlier-busy-live-copies", learned.source());
        assertEquals((8L << 30) / 64, learned.bytesPerSecond(), "the upper middle of 64 and 128 MiB/s");
        assertEquals(
                "the median of 2 earlier busy live copies on this host, the latest at 2026-12-05T22:20:00Z",
                learned.basis());
    }

    @Test
    void aBusyGuestsFirstPassIsPredictedAtAMirrorCalibrateTimedWhileItsGuestWroteAndNoIdleCopyIs() {
        // 480 MiB in 20 s, 24 MiB/s, while its guest wrote 412 times a second: a busy copy's first pass.
        keepMirrorCalibration(new io.virttune.apply.journal.Calibration.Mirror(
                "web01",
                "vda",
                480L << 20,
                24L << 20,
                new io.virttune.inspect.GuestWriteRate(412, 1648L << 10, 20_000)));

        io.virttune.plan.BusyPaces.Pace firstPass = liveSchedule().busyPaces().firstPass();
        Schedule.DiskTime idle = mail01sCopy();

        assertEquals(
                new io.virttune.plan.BusyPaces.Pace(
                        24L << 20,
                        "calibrated-busy-mirror",
                        "the mirror of web01's vda calibrate measured on 2026-12-05T21:00:00Z over 20 s, its guest"
                                + " writing 412 times a second (1.6 MiB/s)"),
                firstPass);
        // mail01 sampled idle: its copy at the calibration's writes, as with no mirror timed, not at a busy one's.
        assertTrue(idle.basis().contains("the write pace of the calibration of vg_fast/tpool at "), idle.basis());
        // A busy copy journaled comes first: the real thing, over a whole copy.
        journalLiveCopy(io.virttune.apply.journal.CopyPaces.liveDetail(
                8L << 30,
                128_000_000_000L,
                0,
                0,
                0,
                java.util.Optional.of(
                        new io.virttune.apply.journal.WritesDuringCopy(473, java.util.OptionalDouble.of(500)))));

        assertEquals(
                "earlier-busy-live-copies",
                liveSchedule().busyPaces().firstPass().source());
    }

    @Test
    void aBusyCopyGivenUpTeachesItsFirstPassByItsBackgroundCopyAlone() {
        // As the lab's: given up after 2.8 GB in 91 s (30 MB/s), then 17.3 GB with synchronous writes in
        // 164 s (105 MB/s): 78 MB/s over the whole copy, which is no background copy's pace.
        journalLiveCopy(io.virttune.apply.journal.CopyPaces.liveDetail(
                20_059_185_152L,
                255_860_000_000L,
                17_272_397_824L,
                164_474_000_000L,
                0,
                java.util.Optional.of(
                        new io.virttune.apply.journal.WritesDuringCopy(291, java.util.OptionalDouble.of(1561)))));

        io.virttune.plan.BusyPaces.Pace learned = liveSchedule().busyPaces().firstPass();

        assertEquals((20_059_185_152L - 17_272_397_824L) * 1000 / (255_860 - 164_474), learned.bytesPerSecond());
    }

    /** An earlier apply's live copy, ended at 2026-12-05T22:20:00Z, as its journal's DONE entry says it: {@code detail}. */
    private void journalLiveCopy(String detail) {
        journalOneStep("copy-live", "2026-12-05T22:20:00Z", detail);
    }

    /** The schedule of the example host's guests planned live into vg_fast/tpool, predicted from the state directory. */
    private Schedule liveSchedule() {
        Cli cli = Cli.run(with("--live", "--window", "30m", "--state-dir", temp.toString(), "--json"));
        assertEquals(0, cli.exitCode(), cli.err());
        return PlanJson.read(cli.out(), "stdout").schedule();
    }

    @Test
    void onAHostsFirstNightTheCalibrationOfThePlansPoolPredictsSayingItsAge() {
        keepCalibration("vg_fast", "tpool", 3);

        Cli text = Cli.run(with("--window", "30m", "--state-dir", temp.toString()));
        Plan plan = PlanJson.read(
                Cli.run(with("--window", "30m", "--state-dir", temp.toString(), "--json"))
                        .out(),
                "stdout");

        assertEquals(0, text.exitCode(), text.err());
        assertTrue(
                text.out()
                        .matches("(?s).*each copy and its verify at 120 MiB/s \\(the calibration of thin pool"
                                + " vg_fast/tpool at 2026-[0-9T:-]+Z, 3 days ago \\(write 200 MiB/s, read 300 MiB/s;"
                                + " no copy journaled on this host yet\\)\\).*"),
                text.out());
        assertEquals(120L << 20, plan.schedule().copyBytesPerSecond());
        assertEquals("calibration", plan.schedule().rateSource());
        assertEquals("vg_fast", plan.schedule().calibration().vg());
        assertEquals("tpool", plan.schedule().calibration().thinPool());
        assertEquals(300L << 20, plan.schedule().calibration().readBytesPerSecond());
        assertTrue(
                Math.abs(plan.schedule().calibration().ageSeconds() - 3 * 86400) < 60,
                plan.schedule().toString());
    }

    @Test
    void thisHostsEarlierCopiesArePreferredToACalibrationAndAnotherTargetsCalibrationIsNotUsed() {
        keepCalibration("vg_fast", null, 1);
        Plan linearOnly = PlanJson.read(
                Cli.run(with("--window", "30m", "--state-dir", temp.toString(), "--json"))
                        .out(),
                "stdout");
        keepCalibration("vg_fast", "tpool", 1);
        journalEarlierCopies();

        Plan plan = PlanJson.read(
                Cli.run(with("--window", "30m", "--state-dir", temp.toString(), "--json"))
                        .out(),
                "stdout");

        assertEquals("default", linearOnly.schedule().rateSource(), "a linear calibration does not time thin LVs");
        assertEquals("earlier-copies", plan.schedule().rateSource());
        assertEquals(200L << 20, plan.schedule().copyBytesPerSecond());
        assertEquals(null, plan.schedule().calibration());
    }

    @Test
    void withNothingMeasuredAWindowIsPlannedAtTheStatedDefaultWhichSaysWhatToMeasure() {
        Cli cli = Cli.run(with("--window", "4h", "--state-dir", temp.toString()));
        Plan plan = PlanJson.read(Cli.run(with("--window", "4h", "--json")).out(), "stdout");

        assertEquals(0, cli.exitCode(), cli.err());
        assertTrue(
                cli.out()
                        .contains("each copy and its verify at 50 MiB/s (a stated default of 50 MiB/s, about a copy and"
                                + " its verify on one spinning disk, measured nowhere: no copy journaled in "
                                + temp + ", no calibration of thin pool vg_fast/tpool kept there (virt-tune"
                                + " calibrate --thin-pool vg_fast/tpool --execute measures one), no --copy-rate)"),
                cli.out());
        assertEquals("default", plan.schedule().rateSource());
        assertTrue(
                plan.schedule()
                        .rateBasis()
                        .contains("this host's journals and calibrations were not read (not a local qemu connection:"
                                + " --state-dir DIR reads them; virt-tune calibrate --thin-pool vg_fast/tpool --execute"
                                + " measures one)"),
                plan.schedule().rateBasis());
        assertEquals(50L << 20, plan.schedule().copyBytesPerSecond());
        assertEquals(2, Cli.run(with("--window", "soon", "--copy-rate", "1G")).exitCode());
    }

    /** A calibration is kept, but a journal beside it is torn: neither predicts, and the basis says why. */
    @Test
    void aStateDirectoryThatCannotBeReadIsNamedWithWhyAndPredictsNothing() throws IOException {
        keepCalibration("vg_fast", "tpool", 1);
        Path torn = Files.createDirectories(temp.resolve("domains/uuid-torn")).resolve("journal.json");
        Files.writeString(torn, "[");

        Plan plan = PlanJson.read(
                Cli.run(with("--window", "4h", "--state-dir", temp.toString(), "--json"))
                        .out(),
                "stdout");

        assertEquals("default", plan.schedule().rateSource());
        assertTrue(
                plan.schedule()
                        .rateBasis()
                        .contains("measured nowhere: the state in " + temp + " could not be read, so this host is"
                                + " predicted as with no history: cannot read the journal " + torn + ": "),
                plan.schedule().rateBasis());
        Plan capped = PlanJson.read(
                Cli.run(with("--window", "4h", "--bandwidth", "80M", "--state-dir", temp.toString(), "--json"))
                        .out(),
                "stdout");
        assertEquals("bandwidth", capped.schedule().rateSource());
        assertTrue(
                capped.schedule()
                        .rateBasis()
                        .startsWith("the --bandwidth cap, the fastest a copy goes; the state in " + temp
                                + " could not be read, so this host is predicted as with no history: cannot read the"
                                + " journal " + torn + ": "),
                capped.schedule().rateBasis());
    }

    @Test
    void synchronousWritesWithoutLiveIsAUsageError() {
        Cli cli = Cli.run(with("--synchronous-writes"));

        assertEquals(2, cli.exitCode());
        assertTrue(cli.err().contains("--synchronous-writes and --verify-paused apply only with --live"), cli.err());
    }

    @Test
    void aDiskAlreadyAsTheRecipeWantsItIsUnchangedAsItsDomainIs() {
        Plan plan = PlanJson.read(Cli.run(with("--json")).out(), "stdout");

        var db03 = plan.domains().stream()
                .filter(d -> d.name().equals("db03"))
                .findFirst()
                .orElseThrow();
        assertEquals(DomainOutcome.UNCHANGED, db03.outcome());
        assertEquals("unchanged", db03.disks().get(0).action());
        assertTrue(
                plan.domains().stream()
                        .flatMap(d -> d.disks().stream())
                        .filter(disk -> disk.action().equals("retune"))
                        .allMatch(disk -> !disk.changes().isEmpty()),
                "a disk called retune has a change");
    }

    @Test
    void writesAPlanFileThatReadsBackAndTheRewrittenDefinitions() throws IOException {
        Path out = temp.resolve("plan.json");
        Path xml = temp.resolve("xml");

        Cli cli = Cli.run(with("--out", out.toString(), "--xml-out", xml.toString()));

        assertEquals(0, cli.exitCode(), cli.err());
        Plan plan = PlanJson.read(Files.readString(out), out.toString());
        assertEquals(15, plan.domains().size());
        long rewritten = plan.domains().stream().filter(d -> d.newXml() != null).count();
        try (var files = Files.list(xml)) {
            assertEquals(rewritten, files.count());
        }
        assertTrue(
                Files.readString(xml.resolve("customer vm 'ü-01' \"prod\".xml")).contains("/dev/vg_fast/"));
        assertTrue(cli.out().contains("virt-tune apply " + out));
    }

    @Test
    void anOfflinePlansClosingHintSaysWhichHostToApplyItTo() throws IOException {
        Path dir = Files.createDirectories(temp.resolve("exported"));
        Files.writeString(
                dir.resolve("web.xml"),
                "<domain type='kvm'><name>web</name><memory>1048576</memory>"
                        + "<devices><disk type='file' device='disk'><driver name='qemu' type='qcow2'/>"
                        + "<source file='/img/web.qcow2'/><target dev='sda' bus='sata'/></disk></devices></domain>");
        Path out = temp.resolve("plan.json");

        Cli cli = Cli.run("plan", "--from-xml", dir.toString(), "--vg", "vg0", "--out", out.toString());

        assertEquals(0, cli.exitCode(), cli.err());
        assertTrue(cli.out().contains("virt-tune apply " + out + " --connect qemu:///system (on the host)"), cli.out());
    }

    @Test
    void plansFromExportedXmlFilesAndSaysWhatItAssumed() throws IOException {
        Path dir = temp.resolve("exported");
        Files.createDirectories(dir);
        Files.writeString(
                dir.resolve("web.xml"),
                "<domain type='kvm'><name>web</name><memory>1048576</memory>"
                        + "<devices><disk type='file' device='disk'><driver name='qemu' type='qcow2'/>"
                        + "<source file='/img/web.qcow2'/><target dev='sda' bus='sata'/></disk></devices></domain>");

        Cli cli = Cli.run("plan", "--from-xml", dir.toString(), "--vg", "vg0", "--json");

        assertEquals(0, cli.exitCode(), cli.err());
        Plan plan = PlanJson.read(cli.out(), "stdout");
        assertEquals(DomainOutcome.MIGRATE, plan.domains().get(0).outcome());
        assertTrue(plan.assumptions().stream().anyMatch(a -> a.startsWith("LVM was not read")));
    }

    @Test
    void writebackWithoutTheRiskAcknowledgementIsRefused() {
        Cli cli = Cli.run(with("--cache", "writeback"));

        assertEquals(3, cli.exitCode());
        assertTrue(cli.err().contains("--accept-writeback-risk"), cli.err());
    }

    @Test
    void aMissingVolumeGroupIsRefused() {
        Cli cli =
                Cli.run("plan", "--connect", EXAMPLE_URI, "--host-facts", "examples/hv01", "--vg", "vg_nope", "web01");

        assertEquals(3, cli.exitCode());
        assertTrue(cli.err().contains("volume group vg_nope does not exist"), cli.err());
    }

    @Test
    void theTargetIsRequiredAndMustBeWellFormed() {
        assertEquals(2, Cli.run("plan", "--connect", EXAMPLE_URI, "web01").exitCode());
        Cli badPool = Cli.run("plan", "--connect", EXAMPLE_URI, "--thin-pool", "tpool", "web01");
        assertEquals(2, badPool.exitCode());
        assertTrue(badPool.err().contains("VG/POOL"), badPool.err());
        assertEquals(
                2, Cli.run("plan", "--connect", EXAMPLE_URI, "--vg", "vg_fast").exitCode(), "no domains and no --all");
    }

    @Test
    void anUnknownDomainIsAnError() {
        Cli cli =
                Cli.run("plan", "--connect", EXAMPLE_URI, "--host-facts", "examples/hv01", "--vg", "vg_fast", "nope*");

        assertEquals(1, cli.exitCode());
        assertTrue(cli.err().contains("no domain matches 'nope*'"), cli.err());
    }

    @Test
    void whenEveryDomainAskedForIsBlockedPlanRefusesAndWritesNothing() {
        Path out = temp.resolve("plan.json");

        Cli cli = Cli.run(
                "plan",
                "--connect",
                EXAMPLE_URI,
                "--host-facts",
                "examples/hv01",
                "--vg",
                "vg_fast",
                "--reserve",
                "99",
                "web01",
                "--out",
                out.toString());

        assertEquals(3, cli.exitCode(), cli.transcript());
        assertTrue(
                cli.out()
                        .contains("\nweb01  BLOCKED: not planned  [domain shut off]\n"
                                + "  blocked: not enough space in VG vg_fast: needs 40 GiB, 0 B left for this plan after the reserve;"
                                + " lower --reserve, use a thin pool (--thin-pool VG/POOL: thin LVs take only the data written),"
                                + " or free space in VG vg_fast\n"),
                cli.out());
        assertEquals(
                "virt-tune: no domain can be planned (web01 is blocked, for the reasons above); " + out
                        + " was not written\n",
                cli.err());
        assertTrue(!Files.exists(out), "no plan file");
    }

    @Test
    void aDefinitionLibvirtRefusesMakesPlanExitRefusedWhileTheOthersArePlanned() throws IOException {
        Path dir = Files.createDirectories(temp.resolve("exported"));
        String disk = "<disk type='file' device='disk'><driver name='qemu' type='qcow2'/>"
                + "<source file='/img/%s.qcow2'/><target dev='vda' bus='virtio'/></disk>";
        Files.writeString(
                dir.resolve("dup.xml"),
                "<domain type='kvm'><name>dup</name><memory>1048576</memory><devices>" + disk.formatted("dup-a")
                        + disk.formatted("dup-b") + "</devices></domain>");
        Files.writeString(
                dir.resolve("web.xml"),
                "<domain type='kvm'><name>web</name><memory>1048576</memory><devices>" + disk.formatted("web")
                        + "</devices></domain>");
        Path out = temp.resolve("plan.json");

        Cli cli = Cli.run("plan", "--from-xml", dir.toString(), "--vg", "vg0", "--out", out.toString());

        assertEquals(3, cli.exitCode(), cli.transcript());
        assertTrue(cli.out().contains("rule definition.duplicate-target: domain dup, disk vda"), cli.out());
        assertEquals(
                DomainOutcome.MIGRATE,
                PlanJson.read(Files.readString(out), out.toString()).domains().stream()
                        .filter(domain -> domain.name().equals("web"))
                        .findFirst()
                        .orElseThrow()
                        .outcome());
    }

    @Test
    void oneDomainPlannedIsEnoughToSucceed() {
        Cli cli = Cli.run(
                "plan",
                "--connect",
                EXAMPLE_URI,
                "--host-facts",
                "examples/hv01",
                "--vg",
                "vg_fast",
                "--reserve",
                "99",
                "web01",
                "db01");

        assertEquals(0, cli.exitCode(), cli.transcript());
        assertTrue(cli.out().contains("\ndb01  RETUNE: settings only, no data moves  [domain running]\n"), cli.out());
        assertTrue(cli.out().contains(" 1 retune, 0 staged, 0 unchanged, 1 blocked;"), cli.out());
    }
}
