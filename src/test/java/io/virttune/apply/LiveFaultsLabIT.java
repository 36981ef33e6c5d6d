package io.virttune.apply;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.virttune.agent.GuestAgent;
import io.virttune.blockjob.MirrorState;
import io.virttune.libvirt.DomainState;
import io.virttune.libvirt.LibvirtJavaConnection;
import io.virttune.process.LocalProcessRunner;
import io.virttune.process.ProcessResult;
import io.virttune.testing.Cli;
import io.virttune.testing.GuestWriter;
import io.virttune.testing.Lab;
import io.virttune.testing.LabAgent;
import io.virttune.testing.LiveLabGuest;
import io.virttune.testing.StoppedApply;
import io.virttune.xml.DomainXml;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Faults during a live move, against the lab's libvirtd: virt-tune killed mid-copy (then resumed,
 * or rolled back), the guest shut down mid-copy, libvirtd restarted mid-copy (then resumed), and
 * the thin pool filled by another thin LV mid-copy. In each, a writer in the guest writes known
 * blocks, and the guest reads every block back afterwards. Runs only inside the lab (scripts/lab
 * run --disk pv4:2G --libvirtd), before or after LiveApplyLabIT and BlockCopyLabIT, never beside
 * them: pv4 is theirs too.
 */
class LiveFaultsLabIT {
    private static final String GUEST = "vt-livefault";
    private static final String VG = "vt_lfault";
    private static final String LV = "/dev/" + VG + "/" + GUEST + "-sda";
    /**
     * Low enough for the fault to come mid-copy (the cap counts the disk's whole 128 MiB, not only
     * the 32 MiB written: some 16 s); well above the paced writer's rate, so that the copy converges.
     */
    private static final String BANDWIDTH = "8M";

    private static final int WRITER_PAUSE_SECONDS = 1;
    private static final String POOL = "pool";
    private static final String FILLER = "/dev/" + VG + "/filler";
    private static final int FILLER_BEFORE_MIB = 32;

    private final LiveLabGuest guest = new LiveLabGuest(GUEST, VG);
    private Path work;
    private Path image;
    private Path state;
    private LibvirtJavaConnection libvirt;
    /** The test's own connection after a restart of libvirtd, which ends the guest's. */
    private LibvirtJavaConnection reconnection;

    @AfterEach
    void cleanUp() {
        if (reconnection != null) {
            reconnection.close();
        }
        guest.close();
    }

    @Test
    void killedMidCopyTheGuestStaysOnItsSourceWithItsJobAndResumeFinishesTheMove() throws Exception {
        GuestWriter writer = runningGuestWriting();
        Path plan = plan("--vg", VG);

        killedMidCopy(plan);
        long killed = System.nanoTime();
        requireOnSourceAndWriting(writer);
        String live = libvirt.liveXml(GUEST);
        assertNotEquals(
                MirrorState.NONE, MirrorState.of(live, GUEST, "sda"), "the block job outlives virt-tune:\n" + live);
        assertEquals(Optional.of(LV), MirrorState.destinationOf(live, GUEST, "sda"));
        assertTrue(Files.readString(journal()).contains("STARTED"), "the journal shows where it stopped");

        int writesAtResume = writer.writes();
        Cli resumed = Cli.run("apply", plan.toString(), "--state-dir=" + state, "--resume", "--execute");
        long resumeSeconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - killed);
        int writesAtEnd = writer.writes();
        assertEquals(0, resumed.exitCode(), resumed.transcript());
        requireOnLvInBothDefinitions();
        writer.awaitWrites(writesAtEnd + 2);
        writer.stop();
        writer.verifyInGuest();
        System.out.println(
                "live fault, killed then resumed: " + resumeSeconds + " s from the kill to the resume's end; "
                        + "guest writes " + writesAtResume + " at the resume, " + writesAtEnd + " at its end; "
                        + writer.writeGaps(writesAtResume) + "; the resume: " + takenUp(resumed.out()));
    }

    @Test
    void killedMidCopyThenRolledBackTheJobIsAbortedAndTheLvRemovedWhileTheGuestRunsOnItsSource() throws Exception {
        GuestWriter writer = runningGuestWriting();
        String original = persistent();
        Path plan = plan("--vg", VG);

        killedMidCopy(plan);
        requireOnSourceAndWriting(writer);
        Cli rollback = Cli.run("rollback", GUEST, "--state-dir=" + state, "--execute", "--yes");

        requireRolledBackOnSource(rollback, writer, original);
        System.out.println("live fault, killed then rolled back:\n" + rollback.out());
    }

    @Test
    void aGuestShutDownMidCopyFailsItsDomainNamingTheDiskAndNothingIsPivoted() throws Exception {
        GuestWriter writer = runningGuestWriting();
        String original = persistent();
        Path plan = plan("--vg", VG);

        CompletableFuture<Cli> apply = applyInBackground(plan);
        awaitMirror(apply::isDone);
        // Stopped first: a block in flight at the power-off would be neither the old nor the logged content.
        writer.stop();
        String log = writer.log();
        assertNotEquals(MirrorState.READY, MirrorState.of(libvirt.liveXml(GUEST), GUEST, "sda"), "still mid-copy");
        Lab.sh("virsh", "-q", "destroy", GUEST);
        String imageSum = Lab.sh("sha256sum", image.toString()).substring(0, 64);
        Cli failed = apply.get(120, TimeUnit.SECONDS);

        assertEquals(1, failed.exitCode(), failed.transcript());
        assertTrue(
                failed.out()
                        .matches("(?s).*\\n" + GUEST + " +failed +disk sda of '" + GUEST
                                + "': the guest stopped during its live copy.*"),
                failed.out());
        String journal = Files.readString(journal());
        assertTrue(journal.matches("(?s).*\"status\"\\s*:\\s*\"FAILED\".*"), journal);
        assertEquals(original, persistent());
        assertEquals(
                imageSum, Lab.sh("sha256sum", image.toString()).substring(0, 64), "apply left the source as it was");
        Lab.sh("virsh", "-q", "start", GUEST);
        GuestWriter restarted = guest.awaitAgent();
        restarted.restoreLog(log);
        restarted.verifyInGuest();
        Cli rollback = Cli.run("rollback", GUEST, "--state-dir=" + state, "--execute", "--yes");
        assertEquals(0, rollback.exitCode(), rollback.transcript());
        assertFalse(
                Lab.sh("lvm", "lvs", "--noheadings", "-o", "lv_name", VG).contains(GUEST), Lab.sh("lvm", "lvs", VG));
        System.out.println("live fault, guest shut down mid-copy:\n" + failed.out() + rollback.out());
    }

    @Test
    void libvirtdRestartedMidCopyFailsTheDomainSayingTheCopyMayRunOnAndResumeFinishesTheMove() throws Exception {
        GuestWriter writer = runningGuestWriting();
        Path plan = plan("--vg", VG);

        LibvirtdRestart restart = libvirtdRestartedMidCopy(plan);
        writer = restart.writer();
        int writesAtResume = writer.writes();
        Cli resumed = Cli.run("apply", plan.toString(), "--state-dir=" + state, "--resume", "--execute");

        assertEquals(0, resumed.exitCode(), resumed.transcript());
        requireOnLvInBothDefinitions();
        writer.awaitWrites(writer.writes() + 2);
        writer.stop();
        writer.verifyInGuest();
        System.out.println("live fault, libvirtd restarted (" + restart.millis() + " ms) mid-copy:\n"
                + restart.failed().out()
                + "guest writes " + writesAtResume + " at the resume; " + writer.writeGaps(writesAtResume)
                + "; the resume: "
                + takenUp(resumed.out()));
    }

    /** Rollback after the restart: the copy that outlived libvirtd is aborted, the guest stays on its source. */
    @Test
    void libvirtdRestartedMidCopyThenRolledBackTheCopyIsAbortedAndTheLvRemovedWhileTheGuestRunsOnItsSource()
            throws Exception {
        GuestWriter writer = runningGuestWriting();
        String original = persistent();
        Path plan = plan("--vg", VG);

        writer = libvirtdRestartedMidCopy(plan).writer();
        Cli rollback = Cli.run("rollback", GUEST, "--state-dir=" + state, "--execute", "--yes");

        requireRolledBackOnSource(rollback, writer, original);
        System.out.println("live fault, libvirtd restarted mid-copy then rolled back:\n" + rollback.out());
    }

    /**
     * libvirtd restarted while apply holds the guest paused for its pivot (N11): apply is stopped
     * right after it journals the pause, let go on, and libvirtd restarted once the guest shows
     * paused. The guest is not left paused, it runs on one copy, a resume finishes the move, and the
     * guest reads back every block it wrote.
     */
    @Test
    void libvirtdRestartedInThePivotPauseLeavesTheGuestRunningAndResumeFinishesTheMove() throws Exception {
        GuestWriter writer = runningGuestWriting();
        Path plan = plan("--vg", VG);
        StoppedApply apply = inThePivotPause(plan);
        restartLibvirtd();
        String out = apply.awaitEnd();

        assertEquals("running", Lab.sh("virsh", "domstate", GUEST).strip(), "the guest was left paused:\n" + out);
        writer = reconnected();
        Cli resumed = Cli.run("apply", plan.toString(), "--state-dir=" + state, "--resume", "--execute");
        assertEquals(0, resumed.exitCode(), out + resumed.transcript());
        requireOnLvInBothDefinitions();
        assertEquals(DomainState.RUNNING, libvirt.state(GUEST));
        writer.awaitWrites(writer.writes() + 2);
        writer.stop();
        writer.verifyInGuest();
        System.out.println(
                "live fault, libvirtd restarted in the pivot pause:\n" + out + "the resume:\n" + resumed.out());
    }

    /**
     * apply SIGKILLed while the guest is paused for its pivot, which nothing in apply can answer:
     * the guest stays paused until the operator's next command, and {@code apply --resume} resumes
     * it first (the pause is journaled before it happens), then finishes the move.
     */
    @Test
    void killedInThePivotPauseTheGuestWaitsPausedAndResumeResumesItAndFinishesTheMove() throws Exception {
        GuestWriter writer = runningGuestWriting();
        Path plan = plan("--vg", VG);
        StoppedApply apply = inThePivotPause(plan);
        apply.signal("KILL");
        String out = apply.awaitEnd();
        // The kill lands within milliseconds of the pause; a pivot done sooner has resumed the guest itself.
        boolean heldPaused = libvirt.state(GUEST) == DomainState.PAUSED;

        Cli resumed = Cli.run("apply", plan.toString(), "--state-dir=" + state, "--resume", "--execute");

        assertEquals(0, resumed.exitCode(), out + resumed.transcript());
        assertTrue(!heldPaused || resumed.out().contains("which a stopped run had paused for a pivot"), resumed.out());
        assertEquals(DomainState.RUNNING, libvirt.state(GUEST));
        System.out.println("live fault, killed in the pivot pause (the guest "
                + (heldPaused ? "was left paused" : "had been" + " resumed by the pivot already") + "):\n" + out
                + "the resume:\n" + resumed.out());
        requireOnLvInBothDefinitions();
        writer.awaitWrites(writer.writes() + 2);
        writer.stop();
        writer.verifyInGuest();
    }

    /**
     * apply in the background, stopped right after it journals the pivot pause, let go on, and
     * returned once the guest shows paused: the moment of the pause itself.
     */
    private StoppedApply inThePivotPause(Path plan) throws InterruptedException {
        StoppedApply apply = StoppedApply.startUntilJournalHolds(
                work,
                state,
                "paused by virt-tune for a pivot",
                "apply",
                plan.toString(),
                "--state-dir=" + state,
                "--execute");
        assertTrue(apply.awaitStopped(), "apply ended before it journaled a pivot pause");
        apply.signal("CONT");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (libvirt.state(GUEST) != DomainState.PAUSED) {
            assertTrue(System.nanoTime() < deadline, "the guest never showed paused for its pivot");
            Thread.sleep(5);
        }
        return apply;
    }

    /** What a libvirtd restart mid-copy left: apply's output, how long the restart took, the writer on a new connection. */
    private record LibvirtdRestart(Cli failed, long millis, GuestWriter writer) {}

    /**
     * apply in the background, libvirtd restarted once the copy shows: apply fails the domain saying
     * the copy may run on, the journal says libvirtd was lost, and the copy is still QEMU's, the
     * guest on its source and writing.
     */
    private LibvirtdRestart libvirtdRestartedMidCopy(Path plan) throws Exception {
        CompletableFuture<Cli> apply = applyInBackground(plan);
        awaitMirror(apply::isDone);
        long restart = System.nanoTime();
        restartLibvirtd();
        long restartMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - restart);
        Cli failed = apply.get(120, TimeUnit.SECONDS);
        GuestWriter writer = reconnected();

        assertEquals(1, failed.exitCode(), failed.transcript());
        assertTrue(
                failed.out()
                        .matches("(?s).*\\n" + GUEST + " +failed +disk sda of '" + GUEST + "': virt-tune lost"
                                + " libvirtd while it followed the live copy onto " + LV
                                + " .*the copy is QEMU's and may still run.*"),
                failed.out());
        String journal = Files.readString(journal());
        assertTrue(journal.matches("(?s).*\"status\"\\s*:\\s*\"FAILED\".*lost libvirtd.*"), journal);
        String live = libvirt.liveXml(GUEST);
        assertEquals(
                Optional.of(LV), MirrorState.destinationOf(live, GUEST, "sda"), "the copy outlived libvirtd:\n" + live);
        requireOnSourceAndWriting(writer);
        return new LibvirtdRestart(failed, restartMillis, writer);
    }

    @Test
    void aThinPoolFilledBySomeoneElseMidCopyFailsTheDomainNamingThePoolAndTheGuestWritesOnOnItsSource()
            throws Exception {
        GuestWriter writer = runningGuestWriting();
        String fillerBefore = poolWithAFiller(true);
        String original = persistent();
        Path plan = plan("--thin-pool", VG + "/" + POOL);

        CompletableFuture<Cli> apply = applyInBackground(plan);
        awaitMirror(apply::isDone);
        ProcessResult fill = new LocalProcessRunner()
                .run(List.of(
                        "dd", "if=/dev/zero", "of=" + FILLER, "bs=1M", "seek=" + FILLER_BEFORE_MIB, "oflag=direct"));
        Cli failed = apply.get(180, TimeUnit.SECONDS);

        assertTrue(
                fill.exitCode() != 0 && fill.stderr().contains("No space left on device"),
                "the pool filled up: " + fill.stderr());
        assertEquals(1, failed.exitCode(), failed.transcript());
        assertTrue(
                failed.out()
                        .matches("(?s).*\\n" + GUEST + " +failed +disk sda of '" + GUEST + "': the live copy onto " + LV
                                + " failed: thin pool " + VG + "/" + POOL + " is full .*"),
                failed.out());
        String journal = Files.readString(journal());
        assertTrue(journal.matches("(?s).*\"status\"\\s*:\\s*\"FAILED\".*is full.*"), journal);
        assertEquals(MirrorState.NONE, MirrorState.of(libvirt.liveXml(GUEST), GUEST, "sda"));
        requireOnSourceAndWriting(writer);
        assertEquals(original, persistent());
        assertEquals(fillerBefore, fillerBefore(), "the other thin LV keeps what it held before the pool filled");
        String pool = Lab.sh("lvm", "lvs", "-a", "-o", "lv_name,data_percent,lv_health_status", VG);
        Cli rollback = Cli.run("rollback", GUEST, "--state-dir=" + state, "--execute", "--yes");
        assertEquals(0, rollback.exitCode(), rollback.transcript());
        assertFalse(
                Lab.sh("lvm", "lvs", "--noheadings", "-o", "lv_name", VG).contains(GUEST), Lab.sh("lvm", "lvs", VG));
        requireOnSourceAndWriting(writer);
        writer.stop();
        writer.verifyInGuest();
        System.out.println(
                "live fault, thin pool filled mid-copy: " + fill.stderr() + pool + failed.out() + rollback.out());
    }

    /**
     * A pool that queues when full (LVM's default, --errorwhenfull n) fills up mid-copy and is
     * extended within dm-thin's 60 s: the copy's queued writes go on and the move completes.
     */
    @Test
    void aThinPoolThatQueuesWhenFullAndIsExtendedInTimeLetsTheCopyFinish() throws Exception {
        GuestWriter writer = runningGuestWriting();
        String fillerBefore = poolWithAFiller(false);
        Path plan = plan("--thin-pool", VG + "/" + POOL);

        CompletableFuture<Cli> apply = applyInBackground(plan);
        awaitMirror(apply::isDone);
        CompletableFuture<ProcessResult> fill = CompletableFuture.supplyAsync(() -> new LocalProcessRunner()
                .run(List.of(
                        "dd", "if=/dev/zero", "of=" + FILLER, "bs=1M", "seek=" + FILLER_BEFORE_MIB, "oflag=direct")));
        long full = awaitPoolFull();
        String queued = Lab.sh("lvm", "lvs", "-o", "lv_name,data_percent,lv_health_status", VG);
        assertFalse(apply.isDone(), "the copy waits on the full pool rather than failing:\n" + queued);
        Lab.sh("lvm", "lvextend", "-q", "-L", "+256M", VG + "/" + POOL);
        long extended = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - full);
        Cli done = apply.get(300, TimeUnit.SECONDS);
        fill.get(120, TimeUnit.SECONDS);

        assertEquals(0, done.exitCode(), done.transcript());
        requireOnLvInBothDefinitions();
        assertEquals(fillerBefore, fillerBefore(), "the other thin LV keeps what it held before the pool filled");
        writer.awaitWrites(writer.writes() + 2);
        writer.stop();
        writer.verifyInGuest();
        System.out.println("live fault, a queueing thin pool full mid-copy, extended " + extended + " ms later:\n"
                + queued + done.out());
    }

    /** Waits until the pool's data is 100% used; returns when (System.nanoTime). */
    private static long awaitPoolFull() throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (!Lab.sh("lvm", "lvs", "--noheadings", "-o", "data_percent", VG + "/" + POOL)
                .strip()
                .startsWith("100")) {
            if (System.nanoTime() > deadline) {
                fail("the pool did not fill within 120 s: " + Lab.sh("lvm", "lvs", "-a", VG));
            }
            Thread.sleep(200);
        }
        return System.nanoTime();
    }

    /**
     * A thin pool of 192 MiB (4 MiB chunks, zeroing off) with another tenant's thin LV of 256 MiB
     * holding 32 MiB: 160 MiB free, enough for preflight, which counts the copy at the LV's whole
     * 128 MiB; the tenant's next writes take the rest. With {@code errorWhenFull} (--errorwhenfull
     * y) a write into the full pool fails at once: the copy fails then, not a minute later, and the
     * tenant's dd ends instead of hanging; without, writes queue for dm-thin's 60 s. Returns the
     * sha256 of the tenant's 32 MiB.
     */
    private String poolWithAFiller(boolean errorWhenFull) {
        Lab.thinPool(VG, POOL, "192M", "4M", "n");
        if (errorWhenFull) {
            // lvcreate refuses --errorwhenfull for a thin pool; lvchange sets it (and refuses to set the default, n).
            Lab.sh("lvm", "lvchange", "-q", "--errorwhenfull", "y", VG + "/" + POOL);
        }
        assertEquals(
                errorWhenFull ? "error" : "queue",
                Lab.sh("lvm", "lvs", "--noheadings", "-o", "lv_when_full", VG + "/" + POOL)
                        .strip());
        Lab.sh("lvm", "lvcreate", "-q", "-y", "-V", "256M", "-T", VG + "/" + POOL, "-n", "filler");
        Lab.sh(
                "sh",
                "-c",
                "yes 'another tenant' | dd of=" + FILLER + " bs=1M count=" + FILLER_BEFORE_MIB
                        + " iflag=fullblock oflag=direct 2>/dev/null");
        return fillerBefore();
    }

    private static String fillerBefore() {
        return Lab.sh("sh", "-c", "head -c " + FILLER_BEFORE_MIB * GuestWriter.MIB + " " + FILLER + " | sha256sum");
    }

    private CompletableFuture<Cli> applyInBackground(Path plan) {
        return CompletableFuture.supplyAsync(
                () -> Cli.run("apply", plan.toString(), "--state-dir=" + state, "--execute"));
    }

    /** Stops the lab's libvirtd (SIGTERM, as a service restart does) and starts it again as the lab's init does. */
    private static void restartLibvirtd() {
        Lab.sh(
                "sh",
                "-c",
                "pid=$(cat /run/libvirtd.pid) && kill $pid && while kill -0 $pid 2>/dev/null; do sleep 0.1; done"
                        + " && LIBVIRT_LOG_OUTPUTS=3:file:/var/log/libvirt/libvirtd.log libvirtd -d"
                        + " && i=0 && until virsh -c qemu:///system version >/dev/null 2>&1; do i=$((i + 1));"
                        + " [ $i -lt 120 ] || exit 1; sleep 0.25; done");
    }

    /**
     * A connection to the restarted libvirtd (closed after the test), and the guest's writer through
     * it once libvirtd has its agent again: it reconnects to the agent's channel some time after it
     * answers, seconds on a loaded machine.
     */
    private GuestWriter reconnected() {
        reconnection = LibvirtJavaConnection.openReadWrite("qemu:///system");
        libvirt = reconnection;
        LabAgent.awaitAnswer(libvirt, GUEST, work.resolve(GUEST + "-console.log"));
        return new GuestWriter(new GuestAgent(libvirt, GUEST, Duration.ofMillis(200)));
    }

    /** The test guest running on its qcow2, its first 16 MiB written, and its paced writer started. */
    private GuestWriter runningGuestWriting() throws Exception {
        GuestWriter writer = guest.start("vt-livefault-");
        work = guest.work();
        image = guest.image();
        libvirt = guest.libvirt();
        state = work.resolve("state");
        writer.start(WRITER_PAUSE_SECONDS);
        writer.awaitWrites(1);
        return writer;
    }

    /** plan --live into {@code target} (--vg VG, or --thin-pool VG/POOL). */
    private Path plan(String... target) {
        Path plan = work.resolve("plan.json");
        List<String> args = new ArrayList<>(List.of("plan", GUEST));
        args.addAll(List.of(target));
        args.addAll(List.of("--live", "--bandwidth", BANDWIDTH, "--out", plan.toString()));
        Cli planned = Cli.run(args.toArray(String[]::new));
        assertEquals(0, planned.exitCode(), planned.transcript());
        return plan;
    }

    /** Runs apply as a process group of its own and SIGKILLs all of it once the copy shows in the live definition. */
    private void killedMidCopy(Path plan) throws InterruptedException {
        StoppedApply apply =
                StoppedApply.start(work, state, 0, "apply", plan.toString(), "--state-dir=" + state, "--execute");
        awaitMirror(() -> false);
        apply.signal("KILL");
        apply.awaitEnd();
    }

    /** Waits until the live definition shows a mirror on the guest's disk. */
    private void awaitMirror(java.util.function.BooleanSupplier applyEnded) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (MirrorState.of(libvirt.liveXml(GUEST), GUEST, "sda") == MirrorState.NONE) {
            if (applyEnded.getAsBoolean() || System.nanoTime() > deadline) {
                fail("no block copy showed in the live definition of " + GUEST + " within 120 s");
            }
            Thread.sleep(200);
        }
    }

    /** The guest runs, on its qcow2, and its writer goes on writing. */
    private void requireOnSourceAndWriting(GuestWriter writer) throws InterruptedException {
        assertEquals(DomainState.RUNNING, libvirt.state(GUEST));
        assertEquals(Optional.of(image.toString()), MirrorState.sourceOf(libvirt.liveXml(GUEST), GUEST, "sda"));
        writer.awaitWrites(writer.writes() + 2);
    }

    /**
     * A rollback of a copy in flight: it succeeded, no mirror and no block job are left, the LV is
     * gone, the guest writes on on its source under its original definition, and reads back every
     * block.
     */
    private void requireRolledBackOnSource(Cli rollback, GuestWriter writer, String original)
            throws InterruptedException {
        assertEquals(0, rollback.exitCode(), rollback.transcript());
        String live = libvirt.liveXml(GUEST);
        assertEquals(MirrorState.NONE, MirrorState.of(live, GUEST, "sda"), live);
        assertTrue(Lab.sh("virsh", "blockjob", GUEST, "sda", "--info").contains("No current block job"));
        assertFalse(
                Lab.sh("lvm", "lvs", "--noheadings", "-o", "lv_name", VG).contains(GUEST), Lab.sh("lvm", "lvs", VG));
        requireOnSourceAndWriting(writer);
        assertEquals(original, persistent());
        writer.stop();
        writer.verifyInGuest();
    }

    /** The guest runs on its LV, no mirror left, and its persistent definition names the LV too. */
    private void requireOnLvInBothDefinitions() {
        String live = libvirt.liveXml(GUEST);
        assertEquals(Optional.of(LV), MirrorState.sourceOf(live, GUEST, "sda"), live);
        assertEquals(MirrorState.NONE, MirrorState.of(live, GUEST, "sda"), live);
        assertEquals(
                Optional.of(LV),
                DomainXml.parse(persistent(), GUEST).disks().get(0).sourcePath(),
                persistent());
    }

    private String persistent() {
        return Lab.sh("virsh", "dumpxml", "--inactive", GUEST);
    }

    private Path journal() throws IOException {
        try (var dirs = Files.list(state.resolve("domains"))) {
            return dirs.findFirst().orElseThrow().resolve("journal.json");
        }
    }

    /** What the resume said of the copy it found. */
    private static String takenUp(String out) {
        return out.lines()
                .filter(line -> line.contains("the interrupted run"))
                .findFirst()
                .map(String::strip)
                .orElse("(it said nothing of the interrupted run's copy)");
    }
}
