package io.virttune.plan;

import static io.virttune.plan.PlanFacts.domainXml;
import static io.virttune.plan.PlanFacts.qcow2Disk;
import static io.virttune.plan.Schedulers.UNSAMPLED;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.Fixtures;
import io.virttune.inspect.FakeLibvirt;
import io.virttune.inspect.GuestWriteRate;
import io.virttune.inspect.GuestWrites;
import io.virttune.inspect.HostFacts;
import io.virttune.libvirt.DomainState;
import io.virttune.process.ScriptedProcessRunner;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A guest moved live is predicted by what its block copy's mirror writes: its whole virtual disk, its chain's data among it. */
class LivePredictionTest {
    private static final long MIB = 1L << 20;
    private static final PlanPolicy THIN = PlanPolicy.defaults(PlanTarget.thin("vg_guests", "pool0", null));

    @TempDir
    Path temp;

    /** The recorded chain top.qcow2 -> mid.qcow2 -> base.qcow2, inspected as a running guest's disk. */
    private HostFacts runningOnAChain() throws IOException {
        Path top = Files.createFile(temp.resolve("top.qcow2"));
        ScriptedProcessRunner runner = new ScriptedProcessRunner()
                .succeed(Fixtures.read(getClass(), "/io/virttune/qemu/info-top.json"))
                .succeed(Fixtures.read(getClass(), "/io/virttune/qemu/map-sparse.json"));
        FakeLibvirt libvirt = new FakeLibvirt()
                .domain("db", DomainState.RUNNING, domainXml("db", "", qcow2Disk(top.toString(), "vda", "virtio")));
        return RecordedImages.inspect(libvirt, runner);
    }

    private static Plan live(HostFacts facts, boolean verifyPaused) {
        return live(THIN, facts, verifyPaused);
    }

    private static Plan live(PlanPolicy policy, HostFacts facts, boolean verifyPaused) {
        return new MigrationPlanner(policy.withLive(new PlanPolicy.Live(false, verifyPaused)))
                .plan(facts, Instant.parse("2026-12-06T20:00:00Z"));
    }

    /** The sparse disk's one live copy, planned by {@code policy}, predicted at 100 MiB/s and {@code mirror}. */
    private static Schedule.DiskTime sparseCopy(PlanPolicy policy, MirrorPace mirror) {
        return liveCopy(runningOnASparseDisk(), policy, mirror);
    }

    /** The one live copy on the host of {@code facts}, planned by {@code policy}, predicted at 100 MiB/s and {@code mirror}. */
    private static Schedule.DiskTime liveCopy(HostFacts facts, PlanPolicy policy, MirrorPace mirror) {
        return new Scheduler(
                        CopyRate.given(100 * MIB), mirror, BusyPaces.UNMEASURED, SwitchPause.UNMEASURED, Duration.ZERO)
                .schedule(live(policy, facts, false), facts, UNSAMPLED)
                .live()
                .get(0)
                .disks()
                .get(0);
    }

    @Test
    void aLiveCopyIsPredictedByItsWholeChainsDataNotItsTopsAlone() throws IOException {
        HostFacts facts = runningOnAChain();

        Schedule schedule = Schedulers.atRate(CopyRate.given(10 * MIB), Duration.ZERO)
                .schedule(live(facts, false), facts, UNSAMPLED);

        // actual-size of top, mid and base: 1314816 + 2363392 + 2363392 bytes.
        Schedule.LiveGuest db = schedule.live().get(0);
        assertEquals(6_041_600, db.dataBytes(), "the chain's, not the top's 1314816 bytes");
        assertEquals("vda", db.disks().get(0).disk());
        assertEquals(105, db.copySeconds(), "its 1 GiB virtual disk mirrored at 10 MiB/s, 103 s, then 2 s");
        assertEquals(0, db.pauseSeconds(), "nothing of the pause is predicted without a paused compare");
        assertEquals(0, db.switchMillis(), "nor its switches without an earlier one journaled");
        assertTrue(db.pauseBasis().endsWith("no earlier switch journaled on this host): unknown"), db.pauseBasis());
        assertEquals(
                new Schedule.HostTotals(0, 0, 0, 1, 105, 6_041_600, 1L << 30),
                schedule.host(),
                "the host's live copies write what their mirrors write, the whole virtual disk");
        assertTrue(schedule.windows().isEmpty(), "a live guest goes down in no window");
    }

    /** A running guest on an 8 GiB qcow2 holding 1 GiB, as live-move.sh's image (docs/benchmarks.md). */
    private static HostFacts runningOnASparseDisk() {
        return runningOnASparseDisk(new PlanFacts()).build();
    }

    /** {@code host} with that guest running on it. */
    private static PlanFacts runningOnASparseDisk(PlanFacts host) {
        return host.domain(
                domainXml("web", "", qcow2Disk("/img/web.qcow2", "vda", "virtio")),
                DomainState.RUNNING,
                Map.of("vda", PlanFacts.qcow2("/img/web.qcow2", 8, 1)));
    }

    @Test
    void aLiveCopyIsPredictedByTheWholeVirtualDiskItsMirrorWrites() {
        HostFacts facts = runningOnASparseDisk();

        Schedule schedule = Schedulers.atRate(CopyRate.given(100 * MIB), Duration.ZERO)
                .schedule(live(facts, false), facts, UNSAMPLED);

        Schedule.DiskTime vda = schedule.live().get(0).disks().get(0);
        assertEquals(1L << 30, vda.dataBytes(), "the image's data");
        assertEquals(8L << 30, vda.writtenBytes(), "QEMU's full mirror writes the zeros too");
        // 8192 MiB at 100 MiB/s, 82 s, then the readiness poll and the zeros given back before the pause.
        assertEquals(84, vda.seconds(), vda.basis());
        assertTrue(
                vda.basis()
                        .startsWith(
                                "the whole 8 GiB virtual disk: QEMU's mirror writes its zeros too" + " (docs/live.md)"),
                vda.basis());
    }

    @Test
    void aCalibrationOfThePoolTimesTheZerosAtItsWritesTheDataStaysAtTheCopyRate() {
        Schedule.DiskTime vda =
                sparseCopy(THIN, MirrorPace.calibratedWrites(50 * MIB, "the write pace of the calibration of vg/pool"));

        // 1024 MiB at 100 MiB/s and 7168 MiB at 50 MiB/s: 10.24 + 143.36 s, then 2 s.
        assertEquals(156, vda.seconds(), vda.basis());
        assertFalse(vda.capped());
        assertTrue(
                vda.basis().contains("its data at 100 MiB/s, its zeros at 50 MiB/s, the write pace of the calibration"),
                vda.basis());
    }

    @Test
    void thisHostsEarlierLiveCopiesTimeTheWholeMirrorAtTheirPace() {
        Schedule.DiskTime vda =
                sparseCopy(THIN, MirrorPace.earlierLiveCopies(40 * MIB, "the pace of the one earlier live copy"));

        assertEquals(205, vda.seconds(), "8192 MiB at 40 MiB/s, readiness and give-back in that pace: " + vda.basis());
        assertTrue(vda.basis().contains("at 40 MiB/s, the pace of the one earlier live copy"), vda.basis());
    }

    @Test
    void aCapLowerThanThePaceTimesTheWholeMirrorAtTheCap() {
        Schedule.DiskTime capped = sparseCopy(THIN.withBandwidth(64 * MIB), MirrorPace.UNMEASURED);
        Schedule.DiskTime faster = sparseCopy(THIN.withBandwidth(200 * MIB), MirrorPace.UNMEASURED);

        assertEquals(130, capped.seconds(), "8192 MiB at its 64 MiB/s cap, 128 s, then 2 s: " + capped.basis());
        assertTrue(capped.capped());
        assertTrue(capped.basis().contains("at its 64 MiB/s cap"), capped.basis());
        assertEquals(84, faster.seconds(), "a cap above the rate does not decide: " + faster.basis());
        assertFalse(faster.capped());
        assertTrue(faster.basis().contains("its data and zeros at 100 MiB/s"), faster.basis());
    }

    /** Every pace of a busy copy measured at 100 MiB/s, as the first pass's: one pace for all. */
    private static final BusyPaces ONE_PACE = new BusyPaces(
            BusyPaces.Pace.calibratedGranules(100 * MIB, "as calibrated"),
            BusyPaces.Pace.earlierSynchronous(100 * MIB, "as journaled"),
            BusyPaces.WritesFactor.sampled("none journaled"),
            BusyPaces.Pace.asIdle("none journaled"));

    /** The sparse disk's live copy at 100 MiB/s into the thin pool, each of its paces 100 MiB/s too. */
    private static Schedule.DiskTime sampled(GuestWrites writes) {
        return sampled(writes, ONE_PACE);
    }

    /** The sparse disk's live copy at 100 MiB/s into the thin pool, its guest's writes as {@code writes} says. */
    private static Schedule.DiskTime sampled(GuestWrites writes, BusyPaces busy) {
        return sampled(THIN.withLive(new PlanPolicy.Live(false, false)), writes, busy);
    }

    /** The sparse disk's live copy at 100 MiB/s, planned by {@code policy}, its guest's writes as {@code writes} says. */
    private static Schedule.DiskTime sampled(PlanPolicy policy, GuestWrites writes, BusyPaces busy) {
        HostFacts facts = runningOnASparseDisk();
        return new Scheduler(
                        CopyRate.given(100 * MIB), MirrorPace.UNMEASURED, busy, SwitchPause.UNMEASURED, Duration.ZERO)
                .schedule(
                        new MigrationPlanner(policy).plan(facts, Instant.parse("2026-12-06T20:00:00Z")), facts, writes)
                .live()
                .get(0)
                .disks()
                .get(0);
    }

    private static GuestWrites writing(double writesPerSecond) {
        return new GuestWrites(
                Map.of(
                        "web",
                        Map.of("vda", new GuestWriteRate(writesPerSecond, Math.round(writesPerSecond * 4096), 2000))),
                Map.of(),
                "not asked");
    }

    @Test
    void aGuestWritingMeanwhileMakesTheMirrorCopyAgainWhatItDirties() {
        // 800 random 4 KiB writes a second dirty 800 granules of 64 KiB: 50 MiB/s against a 100 MiB/s
        // mirror, which catches up in (8192 / 50) ln(100 / 50) = 113.6 s, having written 11357 MiB;
        // stepped a second at a time, as apply reads the copy, within 1% of that.
        Schedule.DiskTime busy = sampled(writing(800));

        assertEquals(114 + 2, busy.seconds(), 1, busy.basis());
        assertEquals(11_357, busy.writtenBytes() / MIB, 114, busy.basis());
        assertEquals(800, busy.guestWrites().writesPerSecond());
        assertTrue(
                busy.basis()
                        .contains("the guest wrote 800 times a second (3.1 MiB/s) over the 2.0 s plan sampled it, each"
                                + " write dirtying a 64 KiB granule the mirror copies again (50 MiB/s): the background"
                                + " copy catches up in about 11"),
                busy.basis());
    }

    @Test
    void aGuestIsPredictedToWriteDuringItsCopyAtTheShareThisHostsBusyCopiesShowed() {
        // Half the sampled 800 writes a second during the copy, as this host's busy copies wrote: 25 MiB/s
        // of granules dirtied against the 100 MiB/s mirror, which catches up in (8192 / 25) ln(100 / 75)
        // = 94.3 s, having written 9427 MiB; the sampled rate itself, 113.6 s and 11357 MiB (above).
        BusyPaces halved = new BusyPaces(
                ONE_PACE.granules(),
                ONE_PACE.synchronous(),
                BusyPaces.WritesFactor.earlierLiveCopies(
                        0.5,
                        "this host's guests wrote 0.50x their sampled rate during their live copies, the median of 3"),
                ONE_PACE.firstPass());

        Schedule.DiskTime busy = sampled(writing(800), halved);

        assertEquals(95 + 2, busy.seconds(), 1, busy.basis());
        assertEquals(9_427, busy.writtenBytes() / MIB, 94, busy.basis());
        assertEquals(800, busy.guestWrites().writesPerSecond(), "what plan sampled, as sampled");
        assertTrue(
                busy.basis()
                        .contains("the guest wrote 800 times a second (3.1 MiB/s) over the 2.0 s plan sampled it, 400"
                                + " during its copy (1.6 MiB/s), each write dirtying a 64 KiB granule the mirror copies"
                                + " again (25 MiB/s): the background copy catches up in about 9"),
                busy.basis());
        assertTrue(
                busy.basis()
                        .contains("; the guest's writes during its copy: this host's guests wrote 0.50x their sampled"
                                + " rate during their live copies, the median of 3; then 2 s"),
                busy.basis());
    }

    /** {@link #ONE_PACE} but for its first pass, at {@code firstPass} as this host's busy copies went. */
    private static BusyPaces firstPassAt(long firstPass) {
        return new BusyPaces(
                ONE_PACE.granules(),
                ONE_PACE.synchronous(),
                ONE_PACE.writesDuringCopy(),
                BusyPaces.Pace.earlierBusy(firstPass, "the median of 2 earlier busy live copies on this host"));
    }

    @Test
    void aBusyGuestsFirstPassGoesAtThePaceThisHostsBusyCopiesWentWhereThatIsSlower() {
        // 80 writes a second dirty 5 MiB/s of granules. The first pass at 50 MiB/s, as this host's busy
        // copies went, sweeps the 8 GiB in 164 s at least, where the mirror's 100 MiB/s took 82 s.
        Schedule.DiskTime asIdle = sampled(writing(80));
        Schedule.DiskTime slowed = sampled(writing(80), firstPassAt(50 * MIB));
        Schedule.DiskTime faster = sampled(writing(80), firstPassAt(200 * MIB));

        assertTrue(asIdle.seconds() < 8192 / 50, asIdle.basis());
        assertTrue(slowed.seconds() >= 8192 / 50, slowed.basis());
        assertTrue(
                slowed.basis()
                        .contains("; its first pass at 50 MiB/s, the median of 2 earlier busy live copies on"
                                + " this host; the granules copied again at 50 MiB/s, as its first pass"),
                slowed.basis());
        assertTrue(
                asIdle.basis().contains("; its first pass at 100 MiB/s, the mirror's pace: none journaled; "),
                asIdle.basis());
        assertEquals(asIdle.seconds(), faster.seconds(), "a busy guest's load does not speed its mirror up");
    }

    @Test
    void aGuestWritingATrickleHasItsFirstPassPredictedAsAnIdleOnesAsTheBusyCopiesItIsLearnedFromWere() {
        // This host's busy first pass is learned from copies whose guest wrote 10 times a second or
        // more: 3 writes a second are an idle guest's noise, its first pass at the mirror's 100 MiB/s.
        Schedule.DiskTime trickle = sampled(writing(3), firstPassAt(50 * MIB));
        Schedule.DiskTime busy = sampled(writing(10), firstPassAt(50 * MIB));

        assertTrue(trickle.seconds() < 8192 / 50, trickle.basis());
        assertTrue(
                trickle.basis()
                        .contains("; its first pass at 100 MiB/s, the mirror's pace: the guest was sampled writing"
                                + " 3 times a second, fewer than the 10 a busy guest's first pass is predicted from;"
                                + " the granules copied again at 100 MiB/s"),
                trickle.basis());
        assertTrue(busy.seconds() >= 8192 / 50, busy.basis());
        assertTrue(
                busy.basis().contains("; its first pass at 50 MiB/s, the median of 2 earlier busy live copies"),
                busy.basis());
    }

    /** Granules calibrated at 256 MiB/s, this host's busy copies journaled at {@code busyPace}. */
    private static BusyPaces calibratedFastGranulesBusyAt(long busyPace) {
        return new BusyPaces(
                BusyPaces.Pace.calibratedGranules(256 * MIB, "the scattered writes of the calibration of vg/pool"),
                ONE_PACE.synchronous(),
                ONE_PACE.writesDuringCopy(),
                BusyPaces.Pace.earlierBusy(busyPace, "the median of 2 earlier busy live copies on this host"));
    }

    @Test
    void aBusyGuestsGranulesGoAtTheBusyCopiesPaceWhichIsOfAllTheirMirrorsWrote() {
        // A busy copy's learned 50 MiB/s is of all its mirror wrote, the granules it copied again
        // included: none went at the calibration's 256 MiB/s. 400 writes a second dirty 25 MiB/s
        // against 50 MiB/s in all: ready in (8192 / 25) ln(50 / 25) = 227 s, stepped as apply reads it.
        BusyPaces fastGranules = calibratedFastGranulesBusyAt(50 * MIB);

        Schedule.DiskTime busy = sampled(writing(400), fastGranules);

        assertEquals(227 + 2, busy.seconds(), 2, busy.basis());
        assertTrue(
                busy.basis()
                        .contains("; the granules copied again at 50 MiB/s, as its first pass: the busy copies' pace"
                                + " is of all their mirrors wrote, granules copied again included (the scattered"
                                + " writes of the calibration of vg/pool: 256 MiB/s)"),
                busy.basis());
    }

    /** A busy guest's mirror calibrate timed at 50 MiB/s, the calibration's scattered writes at 256 MiB/s. */
    private static final BusyPaces CALIBRATED_BUSY_AT_50 = new BusyPaces(
            BusyPaces.Pace.calibratedGranules(256 * MIB, "the scattered writes of the calibration of vg/pool"),
            ONE_PACE.synchronous(),
            ONE_PACE.writesDuringCopy(),
            BusyPaces.Pace.calibratedBusy(50 * MIB, "the mirror of web's vda calibrate measured"));

    @Test
    void aBusyMirrorCalibrateTimedIsAFirstPassWhoseGranulesGoAtTheLabsShareOfIt() {
        // calibrate timed the busy guest's mirror for 20 s at 50 MiB/s: its first pass, no granule copied
        // again yet. Its granules at the lab's busy share of it (25.7 of 53), 24.2 MiB/s, not at the
        // calibration's 256 MiB/s nor at the 50 MiB/s sweep: 400 writes a second dirty 25 MiB/s, more
        // than that, so the guest outpaces a background copy and plan copies it with synchronous writes.
        Schedule.DiskTime busy = sampled(writing(400), CALIBRATED_BUSY_AT_50);

        assertTrue(busy.synchronousWrites(), busy.basis());
        assertTrue(
                busy.basis()
                        .contains("; the granules copied again at 24.2 MiB/s, 48% of the first pass calibrate timed:"
                                + " the mirror it timed is a first pass, and the lab's busy granule copies went at that"
                                + " share of theirs (25.7 of 53 MB/s, docs/benchmarks.md)"),
                busy.basis());
    }

    @Test
    void aCalibratedFirstPassUnderACapHasItsGranulesAtTheCapNotAShareOfIt() {
        // calibrate timed the busy mirror at 50 MiB/s; the copy is capped at 10 MiB/s. The granules go at
        // the lab's share of the uncapped 50 (24.2 MiB/s), held at the cap: 10 MiB/s, not 48% of the cap.
        Schedule.DiskTime busy = sampled(
                THIN.withBandwidth(10 * MIB).withLive(new PlanPolicy.Live(false, false)),
                writing(100),
                CALIBRATED_BUSY_AT_50);

        assertTrue(
                busy.basis()
                        .contains("; the granules copied again at 10 MiB/s, held at its first pass's pace, the job's"
                                + " speed limit holding both"),
                busy.basis());
    }

    @Test
    void aBusyGuestsGranulesGoNoFasterThanTheCopysOwnPaceItsCapIncluded() {
        // The copy goes at 100 MiB/s (a cap, or its mirror's pace), this host's busy copies went at 200:
        // the granules at the copy's 100, as its first pass, not at the busy copies' 200.
        BusyPaces fastBusy = calibratedFastGranulesBusyAt(200 * MIB);

        Schedule.DiskTime busy = sampled(writing(400), fastBusy);

        assertTrue(
                busy.basis()
                        .contains("; the granules copied again at 100 MiB/s, as its first pass: the busy copies' pace"),
                busy.basis());
    }

    @Test
    void aGuestThatOutpacesTheBackgroundCopyIsCopiedWithSynchronousWritesFromTheStart() {
        // 2000 writes a second dirty 125 MiB/s against a 100 MiB/s mirror: it never catches up, and apply's
        // rule would give it up about 117 s in, then copy the whole 8 GiB again with synchronous writes.
        // Planned so from the start, the guest's writes reach both sides and nothing is copied again:
        // 8192 MiB at the synchronous 100 MiB/s, 82 s, then its readiness and zero chunks, 2 s.
        Schedule.DiskTime busy = sampled(writing(2000));

        assertTrue(busy.synchronousWrites(), busy.basis());
        assertEquals(82 + 2, busy.seconds(), busy.basis());
        assertEquals(8L << 30, busy.writtenBytes(), busy.basis());
        assertTrue(
                busy.basis().contains("it outpaces the background copy, which apply would give up after about 1"),
                busy.basis());
        assertTrue(
                busy.basis().contains(": plan copies it with synchronous writes from the start instead"), busy.basis());
    }

    @Test
    void aCopyWithSynchronousWritesGoesNoFasterThanItsCap() {
        // Apply starts the job at its --bandwidth cap, synchronous writes or not: the 8 GiB at the 10 MiB/s
        // cap, 819 s, not at the synchronous 100 MiB/s, 82 s; then its readiness and zero chunks, 2 s.
        PlanPolicy capped = THIN.withBandwidth(10 * MIB);
        Schedule.DiskTime outpaced =
                sampled(capped.withLive(new PlanPolicy.Live(false, false)), writing(2000), ONE_PACE);
        Schedule.DiskTime planned = sampled(capped.withLive(new PlanPolicy.Live(true, false)), writing(800), ONE_PACE);

        for (Schedule.DiskTime copy : new Schedule.DiskTime[] {outpaced, planned}) {
            assertTrue(copy.synchronousWrites(), copy.basis());
            assertEquals(820 + 2, copy.seconds(), copy.basis());
            assertTrue(copy.capped(), copy.basis());
            assertTrue(copy.basis().contains(SYNCHRONOUS_AT_ITS_CAP), copy.basis());
        }
    }

    /** How the basis of a copy with synchronous writes held back by its 10 MiB/s cap says it. */
    private static final String SYNCHRONOUS_AT_ITS_CAP =
            "none is copied again; with synchronous writes at its 10 MiB/s cap";

    @Test
    void aPlanMakesTheCopiesItsScheduleSeesOutpacedWithSynchronousWritesFromTheStartAndNoOther() {
        HostFacts facts = runningOnASparseDisk();
        Plan plan = live(facts, false);
        Scheduler scheduler = new Scheduler(
                CopyRate.given(100 * MIB), MirrorPace.UNMEASURED, ONE_PACE, SwitchPause.UNMEASURED, Duration.ZERO);

        Plan outpaced = OutpacedCopies.synchronous(plan.withSchedule(scheduler.schedule(plan, facts, writing(2000))));
        Plan converging = OutpacedCopies.synchronous(plan.withSchedule(scheduler.schedule(plan, facts, writing(800))));

        assertTrue(liveStep(outpaced).synchronousWrites());
        assertTrue(liveStep(outpaced).describe().contains("guest writes mirrored synchronously"));
        assertFalse(liveStep(converging).synchronousWrites(), "a background copy that catches up stays one");
        assertEquals(plan, OutpacedCopies.synchronous(plan), "no schedule, no prediction: as planned");
    }

    @Test
    void askedToStartInTheBackgroundFirstAnOutpacedCopyIsPredictedGivenUpAndMadeAgainAndStaysABackgroundCopy() {
        HostFacts facts = runningOnASparseDisk();
        Plan plan = live(facts, false);
        Scheduler backgroundFirst = new Scheduler(
                        CopyRate.given(100 * MIB),
                        MirrorPace.UNMEASURED,
                        ONE_PACE,
                        SwitchPause.UNMEASURED,
                        Duration.ZERO)
                .backgroundFirst();

        Plan planned =
                OutpacedCopies.synchronous(plan.withSchedule(backgroundFirst.schedule(plan, facts, writing(2000))));
        Schedule.DiskTime busy = planned.schedule().live().get(0).disks().get(0);

        assertFalse(liveStep(planned).synchronousWrites());
        assertFalse(busy.synchronousWrites());
        // About 117 s of background copy, given up, then the whole 8 GiB again at 100 MiB/s.
        assertTrue(busy.seconds() >= 117 + 82 + 2 && busy.seconds() <= 117 + 15 + 82 + 2, busy.basis());
        assertTrue(busy.basis().contains("started in the background as asked (--background-first)"), busy.basis());
    }

    @Test
    void applyReplansAGuestWhoseCopiesTheScheduleMarkedOneByOneWithEachCopysOwnWrites() {
        // A busy data disk and an idle system disk: the schedule marks the one it sees outpaced alone.
        HostFacts facts = new PlanFacts()
                .domain(
                        domainXml(
                                "web",
                                "",
                                qcow2Disk("/img/web.qcow2", "vda", "virtio")
                                        + qcow2Disk("/img/data.qcow2", "vdb", "virtio")),
                        DomainState.RUNNING,
                        Map.of(
                                "vda", PlanFacts.qcow2("/img/web.qcow2", 8, 1),
                                "vdb", PlanFacts.qcow2("/img/data.qcow2", 8, 1)))
                .build();
        Plan plan = live(facts, false);
        DomainPlan planned = plan.domains().get(0);
        DomainPlan marked = planned.withSteps(planned.steps().stream()
                .map(step -> step instanceof CopyLive copy && copy.disk().equals("vdb")
                        ? copy.withSynchronousWrites()
                        : step)
                .toList());

        DomainPlan again = MigrationPlanner.replan(plan, marked, facts.domains().get(0), false);

        assertEquals(Map.of("vda", false, "vdb", true), synchronousByDisk(marked));
        assertEquals(synchronousByDisk(marked), synchronousByDisk(again), "apply plans each copy as the plan did");
    }

    private static Map<String, Boolean> synchronousByDisk(DomainPlan domain) {
        return domain.steps().stream()
                .filter(step -> step instanceof CopyLive)
                .map(step -> (CopyLive) step)
                .collect(java.util.stream.Collectors.toMap(CopyLive::disk, CopyLive::synchronousWrites));
    }

    private static CopyLive liveStep(Plan plan) {
        return plan.domains().get(0).steps().stream()
                .filter(step -> step instanceof CopyLive)
                .map(step -> (CopyLive) step)
                .findFirst()
                .orElseThrow();
    }

    @Test
    void aCopyPlannedWithSynchronousWritesCopiesNothingAgainAndGoesAtTheSynchronousPace() {
        // 800 writes a second, which a background copy would catch up with in about 114 s; with synchronous
        // writes from the start, the 8 GiB at the 50 MiB/s this host's synchronous copies went: 164 s.
        BusyPaces slowerSynchronous = new BusyPaces(
                ONE_PACE.granules(),
                BusyPaces.Pace.earlierSynchronous(50 * MIB, "as journaled"),
                ONE_PACE.writesDuringCopy(),
                ONE_PACE.firstPass());
        HostFacts facts = runningOnASparseDisk();
        Schedule.DiskTime planned = new Scheduler(
                        CopyRate.given(100 * MIB),
                        MirrorPace.UNMEASURED,
                        slowerSynchronous,
                        SwitchPause.UNMEASURED,
                        Duration.ZERO)
                .schedule(
                        new MigrationPlanner(THIN.withLive(new PlanPolicy.Live(true, false)))
                                .plan(facts, Instant.parse("2026-12-06T20:00:00Z")),
                        facts,
                        writing(800))
                .live()
                .get(0)
                .disks()
                .get(0);

        assertTrue(planned.synchronousWrites());
        assertEquals(164 + 2, planned.seconds(), planned.basis());
        assertEquals(8L << 30, planned.writtenBytes(), planned.basis());
        assertTrue(
                planned.basis()
                        .contains("with synchronous writes from the start, as planned: each guest write waits on the"
                                + " LV too, so its writes reach both sides and none is copied again; at 50 MiB/s, as"
                                + " journaled"),
                planned.basis());
    }

    @Test
    void aBusyCopysBasisNamesWhereEachOfItsPacesComesFrom() {
        BusyPaces calibrated = new BusyPaces(
                BusyPaces.Pace.calibratedGranules(25 * MIB, "the scattered writes of the calibration of vg/pool"),
                BusyPaces.Pace.earlierSynchronous(30 * MIB, "the one earlier synchronous copy on this host"),
                BusyPaces.WritesFactor.sampled("none journaled"),
                BusyPaces.Pace.asIdle("none journaled"));

        Schedule.DiskTime measured = sampled(writing(800), calibrated);
        Schedule.DiskTime derived = sampled(writing(800), BusyPaces.UNMEASURED);

        // 50 MiB/s of granules dirtied outpaces 25 MiB/s of granules copied: given up, 8 GiB again at 30 MiB/s.
        assertTrue(
                measured.basis()
                        .contains("; the granules copied again at 25 MiB/s, the scattered writes of the calibration of"
                                + " vg/pool; a copy made again at 30 MiB/s, the one earlier synchronous copy on this"
                                + " host"),
                measured.basis());
        assertTrue(
                measured.basis().contains("plan copies it with synchronous writes from the start instead"),
                measured.basis());
        assertTrue(measured.seconds() > 8192 / 30, measured.basis());
        assertTrue(
                derived.basis()
                        .contains(
                                "; the granules copied again at 48.5 MiB/s, 48% of the first pass's pace, the share the"
                                        + " lab's scattered granule copies went at (25.7 of 53 MB/s, docs/benchmarks.md): no"
                                        + " scattered-write pace measured; a copy made again at 48.5 MiB/s, the scattered"
                                        + " granules' pace: no synchronous copy journaled"),
                derived.basis());
    }

    @Test
    void aGuestNotSampledOrWritingNothingIsPredictedAsAnIdleOneAndTheBasisSaysWhy() {
        Schedule.DiskTime stopped = sampled(new GuestWrites(Map.of(), Map.of("web", "libvirt failed: no stats"), ""));
        Schedule.DiskTime quiet = sampled(writing(0));

        assertEquals(84, stopped.seconds(), stopped.basis());
        assertEquals(8L << 30, stopped.writtenBytes());
        assertTrue(
                stopped.basis().contains("the guest's writes not sampled (libvirt failed: no stats)"), stopped.basis());
        assertEquals(84, quiet.seconds(), quiet.basis());
        assertTrue(quiet.basis().contains("the guest wrote nothing over the 2000 ms plan sampled it"), quiet.basis());
    }

    @Test
    void aLinearLvHasNoZeroChunksToGiveBackBeforeThePause() {
        Schedule.DiskTime vda = sparseCopy(PlanPolicy.defaults(PlanTarget.linear("vg_fast")), MirrorPace.UNMEASURED);

        assertEquals(83, vda.seconds(), "8192 MiB at 100 MiB/s, 82 s, then its readiness: " + vda.basis());
        assertTrue(vda.basis().endsWith("then 1 s for its readiness seen"), vda.basis());
    }

    /** The sparse disk's live copy into pool {@code zpool}, which zeroes new chunks or not, on a stack of these versions. */
    private static Schedule.DiskTime intoAPoolOnAStack(boolean zeroing, String libvirt, String qemu) {
        PlanFacts host = runningOnASparseDisk(new PlanFacts().libvirt(libvirt).hypervisor(qemu));
        HostFacts facts = (zeroing
                        ? host.thinPool("vg_guests", "zpool", 16L << 30, 64 * 1024)
                        : host.thinPoolWithoutZeroing("vg_guests", "zpool", 16L << 30, 64 * 1024))
                .build();
        return liveCopy(facts, PlanPolicy.defaults(PlanTarget.thin("vg_guests", "zpool", null)), MirrorPace.UNMEASURED);
    }

    @Test
    void whereTheStackMaySkipAFreshThinLvsZerosTheMirrorIsPredictedByTheDataAlone() {
        Schedule.DiskTime skipping = intoAPoolOnAStack(true, "12.8.0", "QEMU 11.1.2");
        Schedule.DiskTime debian13 = intoAPoolOnAStack(true, "11.3.0", "QEMU 10.0.7");
        Schedule.DiskTime noZeroing = intoAPoolOnAStack(false, "12.8.0", "QEMU 11.1.2");

        assertEquals(1L << 30, skipping.writtenBytes(), skipping.basis());
        assertEquals(12, skipping.seconds(), "1024 MiB at 100 MiB/s, then its readiness: " + skipping.basis());
        assertTrue(
                skipping.basis().startsWith("its 1 GiB of data: the mirror is told the new thin LV reads as zeros"),
                skipping.basis());
        assertEquals(8L << 30, debian13.writtenBytes(), "libvirt 11 has no zeroed target: " + debian13.basis());
        assertEquals(8L << 30, noZeroing.writtenBytes(), "a -Zn pool's chunks keep old bytes: " + noZeroing.basis());
    }

    @Test
    void aPausedCompareIsThePredictedPartOfThePause() throws IOException {
        HostFacts facts = runningOnAChain();

        Schedule schedule =
                Schedulers.atRate(CopyRate.given(MIB), Duration.ZERO).schedule(live(facts, true), facts, UNSAMPLED);

        Schedule.LiveGuest db = schedule.live().get(0);
        assertEquals(6, db.pauseSeconds(), "5.8 MiB compared at 1 MiB/s");
        assertTrue(db.pauseBasis().startsWith("the paused compare of 5.8 MiB at 1 MiB/s"), db.pauseBasis());
    }

    @Test
    void thisHostsEarlierSwitchesPredictEachSwitchBesideThePausedCompare() throws IOException {
        HostFacts facts = runningOnAChain();
        SwitchPause earlier = new SwitchPause(
                390, "the median of 3 earlier switches on this host, the latest at 2026-12-06T23:00:00Z");

        Schedule schedule = new Scheduler(
                        CopyRate.given(MIB), MirrorPace.UNMEASURED, BusyPaces.UNMEASURED, earlier, Duration.ZERO)
                .schedule(live(facts, true), facts, UNSAMPLED);

        Schedule.LiveGuest db = schedule.live().get(0);
        assertEquals(6, db.pauseSeconds(), "5.8 MiB compared at 1 MiB/s");
        assertEquals(390, db.switchMillis(), "its one disk's switch");
        assertEquals(
                "the paused compare of 5.8 MiB at 1 MiB/s, the pace of a copy and its verify (the compare reads each"
                        + " side once); and each switch 390 ms, the median of 3 earlier switches on this host, the"
                        + " latest at 2026-12-06T23:00:00Z (its catch-up, pivot and the switch's own work; a paused"
                        + " compare apart)",
                db.pauseBasis());
    }
}
