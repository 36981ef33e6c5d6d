package io.virttune.apply;

import static io.virttune.apply.ApplyHarness.MIB;
import static io.virttune.process.ScriptedProcessRunner.command;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.virttune.VirtTuneException;
import io.virttune.apply.journal.DomainJournal;
import io.virttune.apply.journal.JournalEntry;
import io.virttune.apply.journal.PivotPauses;
import io.virttune.apply.journal.PredictedBesideTaken;
import io.virttune.apply.live.AutostartPause;
import io.virttune.apply.live.HostBandwidth;
import io.virttune.apply.live.LiveCopy;
import io.virttune.apply.live.PivotPause;
import io.virttune.apply.live.ThinReclaim;
import io.virttune.apply.ports.ApplyPorts;
import io.virttune.apply.ports.DomainResult;
import io.virttune.blockjob.MirrorState;
import io.virttune.libvirt.DomainState;
import io.virttune.plan.CopyLive;
import io.virttune.plan.CreateVolume;
import io.virttune.plan.DiskSteps;
import io.virttune.plan.DomainPlan;
import io.virttune.plan.Plan;
import io.virttune.plan.PlanJson;
import io.virttune.plan.PlanPolicy;
import io.virttune.plan.Schedule;
import io.virttune.plan.Step;
import io.virttune.qemu.AllocationMap.Extent;
import io.virttune.text.ProgressMeters;
import io.virttune.text.ProgressStyle;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** A running guest moved live by plan --live and apply, over the block jobs libvirt 9.0 showed in the lab. */
class LiveApplyTest {
    static final String LV = "/dev/vg/g1-sda";
    /** How apply's output begins each line of the domain's step. */
    static final String LINE = "[g1]   ";

    /** Each disk's copy capped at 64 MiB/s. */
    static final long CAP = 64 * MIB;

    static final PlanPolicy.Live CAPPED = new PlanPolicy.Live(false, false);
    static final PlanPolicy.Live VERIFIED = new PlanPolicy.Live(false, true);

    @TempDir
    Path dir;

    ApplyHarness host;
    ScriptedBlockJobs jobs;

    @BeforeEach
    void runningGuest() {
        host = new ApplyHarness(dir);
        jobs = new ScriptedBlockJobs(host.libvirt, LV);
        host.blockJobs = jobs.source();
        host.image(ScriptedBlockJobs.IMAGE, 128 * MIB, 32 * MIB);
    }

    @Test
    void aRunningGuestGetsABlockCopyOntoAnLvOfExactlyItsSizeAndTheRestForItsNextColdBoot() {
        DomainPlan planned = host.planLive(CAP, CAPPED, "g1").domains().get(0);

        assertEquals(
                List.of("backup-definition", "create-volume", "set-read-ahead", "copy-live", "define-domain"),
                planned.steps().stream().map(Step::kind).toList());
        assertEquals(128 * MIB, ((CreateVolume) planned.steps().get(1)).sizeBytes());
        assertEquals(
                new CopyLive("sda", ScriptedBlockJobs.IMAGE, LV, 64 * MIB, false, false),
                planned.steps().get(3));
        assertTrue(
                planned.warnings().stream()
                        .anyMatch(w -> w.startsWith("live now: disk(s) sda copied onto their LVs")
                                && w.contains("at the next cold boot")),
                planned.warnings().toString());
        Plan roundTrip = PlanJson.read(PlanJson.write(host.planLive(CAP, CAPPED, "g1")), "plan.json");
        assertEquals(planned.steps(), roundTrip.domains().get(0).steps());
    }

    @Test
    void applyCopiesPivotsAndDefinesTheColdBootChangesOnTheDefinitionThePivotRewrote() {
        Plan plan = host.planLive(CAP, CAPPED, "g1");
        host.replyCreated(ApplyHarness.ours("g1-sda", 128 * MIB, uuid(), "Lv-A"))
                .replyOk();

        DomainResult result = host.apply(plan, true, false).get(0);

        assertEquals(DomainResult.Result.DONE, result.result(), result.detail() + "\n" + host.output);
        assertTrue(
                result.detail()
                        .contains("moved live: it runs on its LVs now, the other changes take effect at its"
                                + " next cold boot"),
                result.detail());
        assertEquals(
                List.of(
                        "copy sda " + io.virttune.blockjob.BlockCopy.destinationXml(LV) + " bandwidth=" + 64 * MIB
                                + " sync=false",
                        "speed sda 0",
                        "pause",
                        "abort sda pivot=true",
                        "resume"),
                jobs.calls);
        assertEquals(java.util.Optional.of(LV), MirrorState.sourceOf(host.libvirt.liveXmlOrNull("g1"), "g1", "sda"));
        String persistent = host.libvirt.inactiveXml("g1");
        assertEquals(java.util.Optional.of(LV), MirrorState.sourceOf(persistent, "g1", "vda"));
        io.virttune.xml.DiskView disk =
                io.virttune.xml.DomainXml.parse(persistent, "g1").disks().get(0);
        assertEquals(
                List.of("virtio", "native", "raw"),
                List.of(
                        disk.targetBus().orElseThrow(),
                        disk.io().orElseThrow(),
                        disk.format().orElseThrow()));
        assertEquals(
                DomainJournal.Status.COMPLETED,
                host.state.journal(uuid()).orElseThrow().status());
        assertEquals(DomainState.RUNNING, host.libvirt.find("g1").orElseThrow().state());
        assertFalse(PivotPause.pending(host.state.journal(uuid()).orElseThrow()));
        assertTrue(host.output.toString().contains("the guest was paused 0 ms for the pivot"), host.output.toString());
    }

    @Test
    void theGuestIsPausedForTheSwitchAloneWhichIsReadBackOnceItRunsAgain() {
        Plan plan = host.planLive(CAP, CAPPED, "g1");
        host.replyCreated(ApplyHarness.ours("g1-sda", 128 * MIB, uuid(), "Lv-A"))
                .replyOk();

        DomainResult result = host.apply(plan, true, false).get(0);

        assertEquals(DomainResult.Result.DONE, result.result(), result.detail() + "\n" + host.output);
        // The copy's readiness is read before the suspend (libvirt refuses a pivot of a job not ready
        // too), the definitions that show the switch made after the resume: none while paused.
        assertEquals(List.of(), jobs.definitionsReadPaused);
        assertTrue(
                host.output
                        .toString()
                        .contains("the guest was paused 0 ms for the pivot (suspend 0, pivot 0, resume 0 ms)"),
                host.output.toString());
    }

    @Test
    void aLiveMoveJournalsItsCopysTimeWhichApplyPutsBesideThePlansPrediction() {
        Plan plan = scheduled(new Schedule.LiveGuest("g1", 32 * MIB, 1, 0, 0, "unknown", List.of()));
        host.replyCreated(ApplyHarness.ours("g1-sda", 128 * MIB, uuid(), "Lv-A"))
                .replyOk();

        host.apply(plan, true, false);

        String detail = liveCopyDone();
        // The job's 4 bytes, as the scripted job reports it ready: what the mirror wrote, a later plan's pace.
        java.util.regex.Matcher seconds = java.util.regex.Pattern.compile(
                        "copied live 4 bytes and switched in (\\d+\\.\\d{3}) s, capped at " + CAP + " bytes/s")
                .matcher(detail);
        assertTrue(seconds.matches(), detail);
        // The pause beside its prediction: none predicted (no paused compare), as long as the journal says.
        assertEquals(
                List.of(new PredictedBesideTaken(
                        "g1",
                        true,
                        1,
                        Double.parseDouble(seconds.group(1)),
                        java.util.Optional.of(new PredictedBesideTaken.Pause(0, 0, 0)))),
                PredictedBesideTaken.of(plan, List.of("g1"), host.state));
        assertTrue(
                host.state.journal(uuid()).orElseThrow().entries().stream()
                        .anyMatch(entry -> entry.kind().equals(PivotPause.KIND)
                                && entry.detail().startsWith("resumed after 0 ms into a linear LV (suspend 0, ")
                                && entry.detail().endsWith(", resume 0 ms)")),
                host.state.journal(uuid()).orElseThrow().entries().toString());
    }

    @Test
    void aLiveMoveJournalsWhatItsGuestWroteDuringTheCopyBesideWhatPlanSampled() {
        Plan plan = scheduled(new Schedule.LiveGuest(
                "g1",
                32 * MIB,
                1,
                0,
                0,
                "unknown",
                List.of(new Schedule.DiskTime(
                        "sda",
                        32 * MIB,
                        32 * MIB,
                        1,
                        "as sampled",
                        false,
                        new io.virttune.inspect.GuestWriteRate(1308, 1308 * 4096, 2500),
                        false))));
        host.replyCreated(ApplyHarness.ours("g1-sda", 128 * MIB, uuid(), "Lv-A"))
                .replyOk();
        // The counters when the mirror starts, then when it is ready: a billion writes in between.
        jobs.writes.add(new io.virttune.libvirt.DiskWrites(7_000, 7_000 * 4096L));
        jobs.writes.add(new io.virttune.libvirt.DiskWrites(1_000_007_000, 1_000_007_000 * 4096L));
        long before = System.nanoTime();

        host.apply(plan, true, false);

        double seconds = (System.nanoTime() - before) / 1e9;
        String detail = liveCopyDone();
        java.util.regex.Matcher writes = java.util.regex.Pattern.compile(
                        "copied live 4 bytes and switched in \\d+\\.\\d{3} s, capped at " + CAP
                                + " bytes/s, the guest writing (\\d+) times a second during it \\(1308 sampled by plan\\)")
                .matcher(detail);
        assertTrue(writes.matches(), detail);
        // Timed between its two reads, within the apply: at least the billion writes over the whole apply.
        assertTrue(Long.parseLong(writes.group(1)) >= 1e9 / seconds, detail + " within " + seconds + " s");
    }

    /** The detail of g1's journaled live copy, once done: what a later plan reads its paces from. */
    private String liveCopyDone() {
        return host.state.journal(uuid()).orElseThrow().entries().stream()
                .filter(entry -> entry.kind().equals("copy-live") && entry.state() == JournalEntry.StepState.DONE)
                .findFirst()
                .orElseThrow()
                .detail();
    }

    /** g1's live plan at {@link #CAP}, with a schedule that predicts its copy as {@code guest}. */
    private Plan scheduled(Schedule.LiveGuest guest) {
        return host.planLive(CAP, CAPPED, "g1")
                .withSchedule(new Schedule(
                        CAP,
                        "--copy-rate",
                        "copy-rate",
                        null,
                        null,
                        0,
                        List.of(),
                        List.of(guest),
                        new Schedule.HostTotals(0, 0, 0, 1, 1, 32 * MIB, 32 * MIB)));
    }

    @Test
    void aPivotLibvirtRefusesResumesTheGuestOnItsSourceAndKeepsLibvirtsWords() {
        Plan plan = host.planLive(CAP, CAPPED, "g1");
        replyUntilTheCopy();
        jobs.pivotFailure =
                VirtTuneException.failed("cannot pivot the block copy of disk 'sda' of domain 'g1': internal"
                        + " error: unable to execute QEMU command 'job-complete'");

        DomainResult failed = host.apply(plan, true, false).get(0);

        assertEquals(DomainResult.Result.FAILED, failed.result(), failed.detail() + host.output);
        assertTrue(failed.detail().contains("unable to execute QEMU command 'job-complete'"), failed.detail());
        assertEquals(List.of("copy", "pause", "abort sda pivot=true", "resume"), calls());
        assertEquals(DomainState.RUNNING, host.libvirt.find("g1").orElseThrow().state());
        assertFalse(PivotPause.pending(host.state.journal(uuid()).orElseThrow()));
    }

    @Test
    void aCopyThatLeavesReadyWhileTheGuestIsPausedIsNotSwitchedOntoAndTheGuestResumesOnItsSource() {
        // Readiness is read before the suspend; a job that fails in between is libvirt's to refuse.
        Plan plan = host.planLive(CAP, CAPPED, "g1");
        replyUntilTheCopy();
        jobs.whenPaused = () -> jobs.job = ScriptedBlockJobs.Job.COPYING;

        DomainResult failed = host.apply(plan, true, false).get(0);

        assertEquals(DomainResult.Result.FAILED, failed.result(), failed.detail() + host.output);
        assertTrue(failed.detail().contains("not ready for pivot yet"), failed.detail());
        assertEquals(DomainState.RUNNING, host.libvirt.find("g1").orElseThrow().state());
        assertTrue(host.libvirt.liveXml("g1").orElseThrow().contains(ScriptedBlockJobs.IMAGE), "still on its source");
        assertTrue(host.libvirt.inactiveXml("g1").contains(ScriptedBlockJobs.IMAGE), "and defined on it");
        assertFalse(PivotPause.pending(host.state.journal(uuid()).orElseThrow()));
    }

    /** What QEMU 7.2 did in the lab when the pivot was made under guest writes without the pause. */
    @Test
    void qemuEndingAtThePivotFailsTheDomainSayingItsSourceHoldsItsWritesAndResumeCopiesAgain() {
        Plan plan = host.planLive(CAP, CAPPED, "g1");
        replyUntilTheCopy();
        jobs.pivotFailure = VirtTuneException.failed("cannot pivot the block copy of disk 'sda' of domain 'g1':"
                + " operation failed: domain is not running");
        jobs.pivotFailureStopsGuest = true;

        DomainResult failed = host.apply(plan, true, false).get(0);

        assertEquals(DomainResult.Result.FAILED, failed.result(), failed.detail() + host.output);
        assertTrue(
                failed.detail()
                        .startsWith("disk sda of 'g1': the guest stopped at the pivot onto " + LV + " (cannot"
                                + " pivot the block copy of disk 'sda' of domain 'g1': operation failed: domain is not running): QEMU ended"
                                + " during the switch"),
                failed.detail());
        assertTrue(
                failed.detail()
                        .contains("its persistent definition names " + ScriptedBlockJobs.IMAGE + ", which holds"
                                + " every write it made until then"),
                failed.detail());
        assertEquals(List.of("copy", "pause", "abort sda pivot=true"), calls());
        assertFalse(PivotPause.pending(host.state.journal(uuid()).orElseThrow()));
        jobs.startGuest();
        DomainResult resumed = host.apply(plan, true, true).get(0);
        assertEquals(DomainResult.Result.DONE, resumed.result(), resumed.detail() + host.output);
        assertEquals(
                List.of("copy", "pause", "abort sda pivot=true", "copy", "pause", "abort sda pivot=true", "resume"),
                calls());
    }

    @Test
    void aRunStoppedWhileTheGuestWasPausedForThePivotHasItResumedFirstByResume() {
        Plan plan = host.planLive(CAP, CAPPED, "g1");
        stoppedWhilePausedForThePivot(plan);

        DomainResult resumed = host.apply(plan, true, true).get(0);

        assertEquals(DomainResult.Result.DONE, resumed.result(), resumed.detail() + host.output);
        assertTrue(
                host.output.toString().contains("resumed 'g1', which a stopped run had paused for a pivot"),
                host.output.toString());
        assertEquals(List.of("copy", "resume", "pause", "abort sda pivot=true", "resume"), calls());
        assertEquals(DomainState.RUNNING, host.libvirt.find("g1").orElseThrow().state());
    }

    @Test
    void aRunStoppedWhileTheGuestWasPausedForThePivotHasItResumedFirstByRollback() {
        Plan plan = host.planLive(CAP, CAPPED, "g1");
        stoppedWhilePausedForThePivot(plan);
        host.replyRemoved("g1-sda");

        DomainResult result = host.rollback("g1", true, false);

        assertEquals(DomainResult.Result.DONE, result.result(), result.detail() + host.output);
        assertEquals(List.of("copy", "resume", "abort sda pivot=false"), calls());
        assertEquals(DomainState.RUNNING, host.libvirt.find("g1").orElseThrow().state());
        assertFalse(PivotPause.pending(host.state.journal(uuid()).orElseThrow()));
    }

    @Test
    void aGuestSomeoneElsePausedIsSwitchedAsItIsAndLeftPaused() {
        Plan plan = host.planLive(CAP, CAPPED, "g1");
        replyUntilTheCopy();
        jobs.whenReady = () -> host.libvirt.state("g1", DomainState.PAUSED);

        DomainResult result = host.apply(plan, true, false).get(0);

        assertEquals(DomainResult.Result.DONE, result.result(), result.detail() + host.output);
        assertEquals(List.of("copy", "abort sda pivot=true"), calls());
        assertEquals(DomainState.PAUSED, host.libvirt.find("g1").orElseThrow().state());
        String output = host.output.toString();
        assertTrue(
                output.contains("the guest is paused by a user or a program (virsh suspend, virDomainSuspend), not by"
                        + " virt-tune: switching it while paused, leaving it paused"),
                output);
    }

    @Test
    void aGuestQemuPausedOnAnIoErrorIsNotSwitchedAndItsCopyIsLeftReady() {
        Plan plan = host.planLive(CAP, CAPPED, "g1");
        replyUntilTheCopy();
        jobs.pauseReason = io.virttune.blockjob.PauseReason.IOERROR;
        jobs.whenReady = () -> host.libvirt.state("g1", DomainState.PAUSED);

        DomainResult result = host.apply(plan, true, false).get(0);

        assertEquals(DomainResult.Result.REFUSED, result.result(), result.detail() + host.output);
        assertTrue(
                result.detail()
                        .contains("the guest was paused by QEMU, on a disk I/O error (rule: virt-tune switches no"
                                + " guest QEMU stopped on an I/O error"),
                result.detail());
        assertTrue(result.detail().contains("virsh domblkerror g1"), result.detail());
        assertEquals(List.of("copy"), calls());
        assertFalse(jobs.calls.contains("speed sda 0"), "the copy is left ready at its cap: " + jobs.calls);
        assertEquals(ScriptedBlockJobs.Job.READY, jobs.job, "the copy is left ready");
        assertEquals(DomainState.PAUSED, host.libvirt.find("g1").orElseThrow().state());
        assertEquals(
                java.util.Optional.of(ScriptedBlockJobs.IMAGE),
                MirrorState.sourceOf(host.libvirt.liveXmlOrNull("g1"), "g1", "sda"));
    }

    @Test
    void aHostCapBelowTheDisksOwnBandwidthIsTheCopysSpeed() {
        Plan plan = host.planLive(CAP, CAPPED, "g1");
        host.replyCreated(ApplyHarness.ours("g1-sda", 128 * MIB, uuid(), "Lv-A"))
                .replyOk();
        host.hostBandwidth = 16 * MIB;

        DomainResult result = host.apply(plan, true, false).get(0);

        assertEquals(DomainResult.Result.DONE, result.result(), result.detail() + "\n" + host.output);
        assertEquals(
                List.of(
                        "copy sda " + io.virttune.blockjob.BlockCopy.destinationXml(LV) + " bandwidth=" + 16 * MIB
                                + " sync=false",
                        "speed sda 0",
                        "pause",
                        "abort sda pivot=true",
                        "resume"),
                jobs.calls);
    }

    @Test
    void withoutLiveARunningGuestsCopyIsRefusedNamingLive() {
        Plan plan = host.plan("g1");

        DomainResult result = host.apply(plan, true, false).get(0);

        assertEquals(DomainResult.Result.REFUSED, result.result());
        assertTrue(result.detail().contains("plan again with --live"), result.detail());
        assertTrue(plan.domains().get(0).warnings().stream().anyMatch(w -> w.contains("plan with --live")));
        assertEquals(List.of(), jobs.calls);
    }

    @Test
    void aBlockJobNotJournaledAsOursIsRefusedBeforeAnythingIsCreatedAndLeftRunning() {
        Plan plan = host.planLive(CAP, CAPPED, "g1");
        jobs.job = ScriptedBlockJobs.Job.COPYING;

        DomainResult result = host.apply(plan, true, false).get(0);

        assertEquals(DomainResult.Result.REFUSED, result.result());
        assertTrue(
                result.detail().startsWith("disk sda of 'g1' has a block job (25% done) that this apply did not start"),
                result.detail());
        assertEquals(List.of(), jobs.calls);
        assertTrue(
                host.commandLines().stream().noneMatch(line -> line.startsWith("lvm lvcreate")),
                host.commandLines().toString());
        assertEquals(ScriptedBlockJobs.Job.COPYING, jobs.job);
    }

    @Test
    void aDiskTheRunningGuestHasOnAnotherSourceIsRefusedBeforeAnythingIsCreated() {
        Plan plan = host.planLive(CAP, CAPPED, "g1");
        host.libvirt.rewrite(
                "g1",
                host.libvirt.liveXmlOrNull("g1").replace(ScriptedBlockJobs.IMAGE, "/images/elsewhere.qcow2"),
                host.libvirt.inactiveXml("g1"));

        DomainResult result = host.apply(plan, true, false).get(0);

        assertEquals(DomainResult.Result.REFUSED, result.result());
        assertTrue(
                result.detail().startsWith("disk sda of 'g1' runs on /images/elsewhere.qcow2, not on the planned"),
                result.detail());
        assertTrue(
                host.commandLines().stream().noneMatch(line -> line.startsWith("lvm lvcreate")),
                host.commandLines().toString());
    }

    /** {@code result} refuses the move of disk sda, grown to 1 GiB, with both sizes. */
    private static void assertRefusedAsGrownTo1Gib(DomainResult result) {
        assertEquals(DomainResult.Result.REFUSED, result.result(), result.detail());
        assertTrue(
                result.detail()
                        .startsWith("disk sda of 'g1' is 1073741824 bytes (1 GiB) as the guest sees it now, more than"
                                + " its planned LV " + LV + " of 134217728 bytes (128 MiB)"),
                result.detail());
    }

    @Test
    void aDiskTheGuestGrewSinceThePlanIsRefusedBeforeAnythingIsCreated() {
        Plan plan = host.planLive(CAP, CAPPED, "g1");
        // virsh blockresize g1 sda 1G, after the plan.
        jobs.capacities.clear();
        jobs.capacities.add(ApplyHarness.GIB);

        DomainResult result = host.apply(plan, true, false).get(0);

        assertRefusedAsGrownTo1Gib(result);
        assertTrue(result.detail().contains("(rule: a live copy's LV holds the whole disk"), result.detail());
        assertTrue(result.detail().contains("nothing was created; plan again"), result.detail());
        assertTrue(
                host.commandLines().stream().noneMatch(line -> line.startsWith("lvm lvcreate")),
                host.commandLines().toString());
        assertEquals(List.of(), jobs.calls);
    }

    /** A disk whose size libvirt reads as 0 cannot be checked to fit its LV: refused, where it passed as fitting. */
    @Test
    void aDiskWhoseSizeLibvirtCannotTellIsRefusedBeforeAnythingIsCreated() {
        Plan plan = host.planLive(CAP, CAPPED, "g1");
        jobs.capacities.clear();
        jobs.capacities.add(0L);

        DomainResult result = host.apply(plan, true, false).get(0);

        assertEquals(DomainResult.Result.REFUSED, result.result(), result.detail());
        assertTrue(
                result.detail()
                        .startsWith("libvirt reads no size for disk sda of 'g1' (virsh domblkinfo g1 sda), so its"
                                + " planned LV " + LV + " of 134217728 bytes (128 MiB) cannot be checked to hold it"
                                + " (rule: a live copy's LV holds the whole disk"),
                result.detail());
        assertTrue(
                host.commandLines().stream().noneMatch(line -> line.startsWith("lvm lvcreate")),
                host.commandLines().toString());
        assertEquals(List.of(), jobs.calls);
    }

    @Test
    void aDiskTheGuestGrewAfterTheChecksIsRefusedRightBeforeItsCopy() {
        Plan plan = host.planLive(CAP, CAPPED, "g1");
        replyUntilTheCopy();
        // The checks before anything is created read it as planned; the copy, after the LV is made, grown.
        jobs.capacities.clear();
        jobs.capacities.addAll(List.of(128 * MIB, ApplyHarness.GIB));

        DomainResult result = host.apply(plan, true, false).get(0);

        assertRefusedAsGrownTo1Gib(result);
        assertTrue(
                result.detail()
                        .contains("nothing was copied: the guest runs on its source; roll back (virt-tune"
                                + " rollback g1) to remove the LV, then plan again"),
                result.detail());
        assertEquals(List.of(), calls());
        assertEquals(
                java.util.Optional.of(ScriptedBlockJobs.IMAGE),
                MirrorState.sourceOf(host.libvirt.liveXmlOrNull("g1"), "g1", "sda"));
    }

    @Test
    void aDiskOnlyThePersistentDefinitionHasIsRefusedBeforeAnythingIsCreated() {
        Plan plan = host.planLive(CAP, CAPPED, "g1");
        // The planned disk sda is not in what the guest runs: it was attached for its next boot only.
        host.libvirt.rewrite(
                "g1",
                host.libvirt.liveXmlOrNull("g1").replace("dev='sda'", "dev='sdz'"),
                host.libvirt.inactiveXml("g1"));

        DomainResult result = host.apply(plan, true, false).get(0);

        assertEquals(DomainResult.Result.REFUSED, result.result(), result.detail());
        assertTrue(
                result.detail().startsWith("disk sda of 'g1' is in its persistent definition only"), result.detail());
        assertTrue(
                host.commandLines().stream().noneMatch(line -> line.startsWith("lvm lvcreate")),
                host.commandLines().toString());
    }

    @Test
    void aPersistentDefinitionSomeoneElseChangedAfterThePivotIsStillRefused() {
        Plan plan = host.planLive(CAP, CAPPED, "g1");
        replyUntilTheCopy();
        jobs.afterPivot = () -> host.libvirt.rewrite(
                "g1",
                host.libvirt.liveXmlOrNull("g1"),
                host.libvirt.inactiveXml("g1").replace("524288</memory>", "1048576</memory>"));

        DomainResult result = host.apply(plan, true, false).get(0);

        assertEquals(DomainResult.Result.REFUSED, result.result());
        assertTrue(result.detail().startsWith("the definition of 'g1' changed while apply ran"), result.detail());
    }

    @Test
    void aPivotThatLeavesThePersistentDefinitionOnTheSourceHasTheLvDefinedInItAtOnce() {
        Plan plan = host.planLive(CAP, CAPPED, "g1");
        replyUntilTheCopy();
        jobs.rewritesPersistent = false;

        DomainResult result = host.apply(plan, true, false).get(0);

        assertEquals(DomainResult.Result.DONE, result.result(), result.detail() + host.output);
        assertTrue(
                host.output.toString().contains("after the pivot: defining " + LV + " in it now"),
                host.output.toString());
        assertEquals(java.util.Optional.of(LV), MirrorState.sourceOf(host.libvirt.inactiveXml("g1"), "g1", "vda"));
        assertEquals(List.of("copy", "pause", "abort sda pivot=true", "resume"), calls());
    }

    @Test
    void aPivotWhoseLvCannotBeDefinedInThePersistentDefinitionLeavesAutostartOffAndResumeDefinesIt() {
        Plan plan = host.planLive(CAP, CAPPED, "g1");
        replyUntilTheCopy();
        jobs.rewritesPersistent = false;
        host.libvirt.autostart("g1", true);
        jobs.afterPivot = () -> host.libvirt.duringNextDefine(() -> {
            throw io.virttune.VirtTuneException.failed("cannot write the definition: No space left on device");
        });

        DomainResult failed = host.apply(plan, true, false).get(0);

        assertEquals(DomainResult.Result.FAILED, failed.result(), failed.detail() + host.output);
        assertTrue(
                failed.detail().contains("autostart stays off: a cold boot now would start it on the old image"),
                failed.detail());
        assertFalse(host.libvirt.autostart("g1"), "a boot would start the guest on its source without its writes");
        DomainResult resumed = host.apply(plan, true, true).get(0);
        assertEquals(DomainResult.Result.DONE, resumed.result(), resumed.detail() + host.output);
        assertEquals(java.util.Optional.of(LV), MirrorState.sourceOf(host.libvirt.inactiveXml("g1"), "g1", "vda"));
        assertTrue(host.libvirt.autostart("g1"), "on again once the definition names the LV");
    }

    @Test
    void resumePivotsTheCopyTheInterruptedRunLeftWhenItIsReady() {
        Plan plan = host.planLive(CAP, CAPPED, "g1");
        interruptedMidCopy(plan);
        jobs.job = ScriptedBlockJobs.Job.READY;

        DomainResult result = host.apply(plan, true, true).get(0);

        assertEquals(DomainResult.Result.DONE, result.result(), result.detail() + host.output);
        assertEquals(List.of("copy", "pause", "abort sda pivot=true", "resume"), calls());
    }

    @Test
    void resumeAbortsACopyThatIsNotReadyAndCopiesAgain() {
        Plan plan = host.planLive(CAP, CAPPED, "g1");
        interruptedMidCopy(plan);
        jobs.readyTimeout = java.time.Duration.ofMinutes(1);
        jobs.readsUntilReady = 2;

        DomainResult result = host.apply(plan, true, true).get(0);

        assertEquals(DomainResult.Result.DONE, result.result(), result.detail() + host.output);
        assertEquals(
                List.of("copy", "abort sda pivot=false", "copy", "pause", "abort sda pivot=true", "resume"), calls());
    }

    @Test
    void resumeCopiesAgainAReadyCopyWhoseThinLvHadChunksGivenBackBeforeItsPivot() {
        Plan plan = planIntoPool(CAPPED);
        killedAfterGivingChunksBackBeforeThePause(plan);
        // The copy made again: its source has no whole chunk of zeros by now.
        host.data(ScriptedBlockJobs.IMAGE, noWholeChunkOfZeros());

        DomainResult result = host.apply(plan, true, true).get(0);

        assertEquals(DomainResult.Result.DONE, result.result(), result.detail() + host.output);
        assertEquals(
                List.of("copy", "abort sda pivot=false", "copy", "pause", "abort sda pivot=true", "resume"), calls());
        assertTrue(
                host.output
                        .toString()
                        .contains("the interrupted run's copy onto " + LV + " is ready, but chunks of"
                                + " the LV were given back to its pool before the pause for the pivot: aborting it (the guest stays on its"
                                + " source) and copying again"),
                host.output.toString());
    }

    @Test
    void rollbackAbortsACopyWhoseThinLvHadChunksGivenBackBeforeItsPivotAndRemovesTheLv() {
        Plan plan = planIntoPool(CAPPED);
        killedAfterGivingChunksBackBeforeThePause(plan);
        host.replyRemoved("g1-sda");

        DomainResult result = host.rollback("g1", true, false);

        assertEquals(DomainResult.Result.DONE, result.result(), result.detail() + host.output);
        assertEquals(List.of("copy", "abort sda pivot=false"), calls());
        assertTrue(
                host.commandLines().contains("lvm lvremove --yes vg/g1-sda"),
                host.commandLines().toString());
        assertEquals(
                java.util.Optional.of(ScriptedBlockJobs.IMAGE),
                MirrorState.sourceOf(host.libvirt.liveXmlOrNull("g1"), "g1", "sda"));
    }

    @Test
    void aBackgroundCopyTheGuestOutpacesIsAbortedAndCopiedAgainWithSynchronousWrites() {
        jobs.guestOutpacesBackgroundCopies = true;
        jobs.convergenceWindow = java.time.Duration.ofMillis(20);
        Plan plan = host.planLive(CAP, CAPPED, "g1");
        replyUntilTheCopy();

        DomainResult result = host.apply(plan, true, false).get(0);

        assertEquals(DomainResult.Result.DONE, result.result(), result.detail() + host.output);
        assertEquals(
                "copy sda " + io.virttune.blockjob.BlockCopy.destinationXml(LV) + " bandwidth=" + 64 * MIB
                        + " sync=false",
                jobs.calls.get(0));
        assertEquals("abort sda pivot=false", jobs.calls.get(1));
        assertEquals(
                "copy sda " + io.virttune.blockjob.BlockCopy.destinationXml(LV) + " bandwidth=" + 64 * MIB
                        + " sync=true",
                jobs.calls.get(2));
        assertEquals(
                List.of("speed sda 0", "pause", "abort sda pivot=true", "resume"),
                jobs.calls.subList(3, jobs.calls.size()));
        String output = host.output.toString();
        // Which of Convergence's two rules gives up first depends on the machine's timing at a 20 ms window.
        assertTrue(
                output.matches("(?s).*the guest outpaces the copy of sda: (it got no closer to ready in 0 s|over the"
                        + " last 0 s it copied) [^\\n]*; copying again with synchronous writes.*"),
                output);
    }

    @Test
    void aThinCopyMadeAgainAfterItsGuestOutpacedTheBackgroundOneGivesChunksBackOnlyWithTheGuestPaused() {
        // A guest that outpaced its background copy writes fast: on forky it wrote into the zero chunks a
        // copy made again gave back before its pause, 4 times of 4, and each such disk was copied a third
        // time. With the guest paused: the source's map (its data at 0-32 MiB and 64-65 MiB), the discards.
        jobs.guestOutpacesBackgroundCopies = true;
        jobs.convergenceWindow = java.time.Duration.ofMillis(20);
        Plan plan = planIntoPool(CAPPED);
        replyUntilTheThinCopy();
        host.data(ScriptedBlockJobs.IMAGE, List.of(new Extent(0, 32 * MIB), new Extent(64 * MIB, MIB)))
                .replyOk()
                .replyOk();
        List<String> whileDiscarding = new java.util.ArrayList<>();
        host.runner.observe(argv -> {
            if (argv.get(0).equals("blkdiscard")) {
                whileDiscarding.add(host.libvirt.find("g1").orElseThrow().state() + " " + argv.get(2));
            }
        });

        DomainResult result = host.apply(plan, true, false).get(0);

        assertEquals(DomainResult.Result.DONE, result.result(), result.detail() + host.output);
        assertEquals(List.of("PAUSED " + 32 * MIB, "PAUSED " + 65 * MIB), whileDiscarding);
        String output = host.output.toString();
        assertTrue(output.contains("copying again with synchronous writes"), output);
        assertFalse(output.contains("before the pause, the guest running"), output);
        assertEquals(java.util.Optional.of(LV), MirrorState.sourceOf(host.libvirt.liveXmlOrNull("g1"), "g1", "sda"));
    }

    /**
     * Where the stack can skip zeros and the pool zeroes new chunks, a copy made again after its guest
     * outpaced the first is told the LV reads as zeros once the LV was given back whole, nothing
     * writing it, and the kernel counts no sector of it mapped: it copies the disk's data alone, where
     * it wrote the whole disk (8 GiB for 1 GiB of data on forky), and nothing is given back in its pause.
     */
    @Test
    void aThinCopyMadeAgainAfterAnOutpacingOntoItsLvEmptiedWholeSkipsTheZeros() {
        List<String> whileDiscarding = madeAgainAfterAnOutpacingOnTestingsStack(THIN_TABLE, "0 262144 thin 0 -");

        assertEquals(List.of("sync=false target-zeroed", "sync=true target-zeroed"), copies());
        // The whole LV given back once, the guest running on its source, the aborted copy's job gone.
        assertEquals(List.of("RUNNING 0+" + 128 * MIB + " job NONE"), whileDiscarding);
        assertTrue(
                host.runner.commands().contains(List.of("dmsetup", "status", "vg-g1--sda")),
                host.runner.commands().toString());
        assertEquals(
                2,
                host.state.journal(uuid()).orElseThrow().entries().stream()
                        .filter(entry -> entry.kind().equals("MirrorSkipsZeros"))
                        .count());
        String output = host.output.toString();
        assertTrue(
                output.contains("the LV certified to read as zeros: " + LV + " was given back whole to thin pool"
                        + " vg/pool, which zeroes new chunks, and maps nothing now (dmsetup status)"),
                output);
        assertTrue(output.contains("none to give back with the guest paused"), output);
    }

    /**
     * A pool that ignores discards keeps the LV's chunks mapped, which the kernel's count shows: the copy
     * made again is not told the LV reads as zeros, writes them, and gives them back in its pause.
     */
    @Test
    void aThinCopyMadeAgainOntoAnLvStillMappedAfterItsDiscardWritesTheZeros() {
        madeAgainAfterAnOutpacingOnTestingsStack(THIN_TABLE, "0 262144 thin 8192 262143");

        assertEquals(List.of("sync=false target-zeroed", "sync=true"), copies());
        String output = host.output.toString();
        assertTrue(output.contains(LV + " still maps 4 MiB after its discard"), output);
        // Each copy's own outcome, in order: the first skipped the zeros, the one made again wrote them.
        assertEquals(
                List.of(
                        "MirrorSkipsZeros " + LV,
                        "MirrorWritesZeros " + LV + ": " + LV + " still maps 4 MiB after its discard (a pool that"
                                + " ignores discards keeps its chunks)"),
                zeroDecisions());
        // The LV given back whole, then, with the guest paused, the zeros the copy made again wrote.
        assertEquals(
                List.of(List.of("0+" + 128 * MIB), List.of(32 * MIB + "+" + 32 * MIB, 65 * MIB + "+" + 63 * MIB)),
                host.discardRounds);
    }

    /** An LV with an external origin reads it where nothing is mapped: 0 mapped sectors prove nothing. */
    @Test
    void aThinCopyMadeAgainOntoAnLvWithAnExternalOriginWritesTheZeros() {
        madeAgainAfterAnOutpacingOnTestingsStack(THIN_TABLE + " 253:9", "0 262144 thin 0 -");

        assertEquals(List.of("sync=false target-zeroed", "sync=true"), copies());
        String output = host.output.toString();
        assertTrue(output.contains("could not be given back whole and proven empty (the table of vg/g1-sda"), output);
    }

    /**
     * Whether the pool zeroes new chunks, which a copy made again after an outpacing may skip the
     * zeros by, is what LVM reported at the first copy's start: the host's whole report is read once
     * for the copy, before it starts, and of the emptied LV only its mapped count again (dmsetup status).
     */
    @Test
    void aCopyMadeAgainAfterAnOutpacingReadsNoLvmReportAgain() {
        madeAgainAfterAnOutpacingOnTestingsStack(THIN_TABLE, "0 262144 thin 0 -");

        assertEquals(List.of("sync=false target-zeroed", "sync=true target-zeroed"), copies());
        assertEquals(List.of(), reportReadsOnceCopying);
        assertTrue(
                host.runner.commands().contains(List.of("dmsetup", "status", "vg-g1--sda")),
                host.runner.commands().toString());
    }

    /** Each read of LVM's report ({@code lvs}) once the first copy started, as the block-job call before it. */
    private final List<String> reportReadsOnceCopying = new ArrayList<>();

    /** The LV's table, naming the pool's device 253:7 and its thin device 1. */
    private static final String THIN_TABLE = "0 262144 thin 253:7 1";

    /**
     * A live move on Debian testing's stack into a zeroing pool whose guest outpaces its first copy, the
     * LV's device table {@code table} and its status after its discard {@code status}; each blkdiscard
     * with the guest's state, its range and the disk's job.
     */
    private List<String> madeAgainAfterAnOutpacingOnTestingsStack(String table, String status) {
        jobs.libvirtVersion = "12.8.0";
        jobs.hypervisorVersion = "QEMU 11.1.2";
        jobs.guestOutpacesBackgroundCopies = true;
        jobs.convergenceWindow = java.time.Duration.ofMillis(20);
        Plan plan = planIntoPool(CAPPED);
        host.zeroingPools.add("pool");
        replyUntilTheThinCopy();
        host.data(ScriptedBlockJobs.IMAGE, List.of(new Extent(0, 32 * MIB), new Extent(64 * MIB, MIB)))
                .replyOk()
                .replyOk()
                .replyOk();
        // The LV's device in the pool's alone (253:7, device 1), as dmsetup shows it, then its status.
        host.runner
                .answer(command("dmsetup", "info"), argv -> "253:7\n")
                .answer(command("dmsetup", "table"), argv -> table + "\n")
                .answer(command("dmsetup", "status"), argv -> status + "\n");
        List<String> whileDiscarding = new java.util.ArrayList<>();
        host.runner.observe(argv -> {
            if (argv.get(0).equals("blkdiscard")) {
                whileDiscarding.add(host.libvirt.find("g1").orElseThrow().state() + " " + argv.get(2) + "+"
                        + argv.get(4) + " job " + jobs.job);
            }
            if (!jobs.calls.isEmpty() && command("lvm", "lvs").test(argv)) {
                reportReadsOnceCopying.add(jobs.calls.get(jobs.calls.size() - 1));
            }
        });

        DomainResult result = host.apply(plan, true, false).get(0);

        assertEquals(DomainResult.Result.DONE, result.result(), result.detail() + host.output);
        assertEquals(java.util.Optional.of(LV), MirrorState.sourceOf(host.libvirt.liveXmlOrNull("g1"), "g1", "sda"));
        return whileDiscarding;
    }

    @Test
    void aPausedCompareThatFindsTheLvEqualSwitchesTheGuest() {
        Plan plan = host.planLive(CAP, VERIFIED, "g1");
        replyUntilTheCopy();
        host.runner.succeed("Images are identical.\n");

        DomainResult result = host.apply(plan, true, false).get(0);

        assertEquals(DomainResult.Result.DONE, result.result(), result.detail() + host.output);
        assertEquals(List.of("copy", "pause", "abort sda pivot=true", "resume"), calls());
        assertTrue(
                host.runner
                        .commands()
                        .contains(List.of(
                                "qemu-img",
                                "compare",
                                "-p",
                                "-U",
                                "--image-opts",
                                "driver=qcow2,file.filename=" + ScriptedBlockJobs.IMAGE,
                                "driver=raw,file.filename=" + LV + ",file.locking=off")),
                host.runner.commands().toString());
        String output = host.output.toString();
        assertTrue(
                output.contains("compared " + ScriptedBlockJobs.IMAGE + " with " + LV + " in 0 ms, the guest paused:"
                        + " identical"),
                output);
    }

    @Test
    void aPausedCompareShowsItsProgressAsAnOfflineVerifyDoesOverTheWholeLv() throws Exception {
        Plan plan = host.planLive(CAP, VERIFIED, "g1");
        replyUntilTheCopy();
        host.runner.succeed(ApplyHarness.IDENTICAL);
        host.progress = ProgressStyle.EVENTS;

        DomainResult result = host.apply(plan, true, false).get(0);

        assertEquals(DomainResult.Result.DONE, result.result(), result.detail() + host.output);
        ObjectMapper json = new ObjectMapper();
        List<JsonNode> verify = new ArrayList<>();
        for (String line : host.output.toString().lines().toList()) {
            if (line.startsWith("{")
                    && json.readTree(line).path("phase").asText().equals("verify")) {
                verify.add(json.readTree(line));
            }
        }
        assertFalse(verify.isEmpty(), "the paused compare's progress: " + host.output);
        JsonNode last = verify.get(verify.size() - 1);
        assertEquals(LV, last.path("target").asText(), last.toString());
        assertEquals("done", last.path("state").asText(), last.toString());
        assertEquals(128 * MIB, last.path("bytes_total").asLong(), "the whole LV, which qemu-img reads: " + last);
        assertEquals(128 * MIB, last.path("bytes_done").asLong(), last.toString());
    }

    @Test
    void aPausedCompareThatFindsADifferenceAbortsTheCopyAndResumesTheGuestOnItsSource() {
        Plan plan = host.planLive(CAP, VERIFIED, "g1");
        replyUntilTheCopy();
        host.runner.reply(1, "Content mismatch at offset 1048576!\n", "");

        DomainResult result = host.apply(plan, true, false).get(0);

        assertEquals(DomainResult.Result.FAILED, result.result(), result.detail() + host.output);
        assertTrue(
                result.detail()
                        .contains("with the guest paused and its copy caught up, " + LV + " differs from "
                                + ScriptedBlockJobs.IMAGE
                                + " (qemu-img compare: Content mismatch at offset 1048576!); not switched: the"
                                + " copy was aborted and the guest runs on its source"),
                result.detail());
        assertEquals(List.of("copy", "pause", "abort sda pivot=false", "resume"), calls());
        assertEquals(
                java.util.Optional.of(ScriptedBlockJobs.IMAGE),
                MirrorState.sourceOf(host.libvirt.liveXmlOrNull("g1"), "g1", "sda"));
        assertEquals(ScriptedBlockJobs.PERSISTENT, host.libvirt.inactiveXml("g1"), "the definition is as it was");
        assertEquals(DomainState.RUNNING, host.libvirt.find("g1").orElseThrow().state());
        assertFalse(PivotPause.pending(host.state.journal(uuid()).orElseThrow()));
    }

    /** The job goes on copying after a copy that was not ready in time: the others must not take its share. */
    @Test
    void aCopyLeftRunningKeepsItsShareOfTheHostsCapBooked() {
        jobs.readsUntilReady = 1000;
        jobs.readyTimeout = java.time.Duration.ZERO;
        HostBandwidth cap = new HostBandwidth(32 * MIB);
        CopyLive step = new CopyLive("sda", ScriptedBlockJobs.IMAGE, LV, 0, false, false);

        Plan plan = host.planLive(CAP, CAPPED, "g1");
        ApplyPorts ports = host.ports(true);
        MigrationJournal journal = new MigrationJournal(
                ports.run(), ports.guests().blockJobs(), plan, plan.domains().get(0));
        // Begun as apply begins it before any step: a copy journals its word on the zeros before it starts.
        journal.begin(host.libvirt.find("g1").orElseThrow(), java.util.Optional.empty());
        java.io.PrintWriter log = new java.io.PrintWriter(new java.io.StringWriter());
        org.junit.jupiter.api.Assertions.assertThrows(
                io.virttune.VirtTuneException.class,
                () -> new LiveCopy(
                                ports,
                                journal,
                                log,
                                new ProgressMeters(ProgressStyle.LINES, log, log, "g1"),
                                cap,
                                new DiskSteps(plan.domains().get(0)).creationOf(LV))
                        .run(step, false));
        long[] next = {0};
        cap.start(0, speed -> next[0] = speed, speed -> {});

        assertEquals(ScriptedBlockJobs.Job.COPYING, jobs.job, "the job was left running");
        assertEquals(16 * MIB, next[0], "the copy left running still has its half of the cap");
    }

    @Test
    void aGuestThatStopsMidCopyFailsItsDomainSayingItIsOnItsSourceAndResumeCopiesAgainOnceItRuns() {
        Plan plan = host.planLive(CAP, CAPPED, "g1");
        String original = host.libvirt.inactiveXml("g1");
        replyUntilTheCopy();
        jobs.readsUntilReady = 1000;
        jobs.readsUntilGuestStops = 2;

        DomainResult failed = host.apply(plan, true, false).get(0);

        assertEquals(DomainResult.Result.FAILED, failed.result(), failed.detail() + host.output);
        assertTrue(
                failed.detail()
                        .startsWith("disk sda of 'g1': the guest stopped during its live copy onto " + LV
                                + ", before the pivot"),
                failed.detail());
        assertTrue(
                failed.detail().contains("domain is not running"), "libvirt's own words are kept: " + failed.detail());
        assertTrue(failed.detail().contains("start it and apply --resume"), failed.detail());
        assertEquals(original, host.libvirt.inactiveXml("g1"));
        assertEquals(
                DomainJournal.Status.FAILED,
                host.state.journal(uuid()).orElseThrow().status());
        jobs.startGuest();
        DomainResult resumed = host.apply(plan, true, true).get(0);
        assertEquals(DomainResult.Result.DONE, resumed.result(), resumed.detail() + host.output);
        assertEquals(List.of("copy", "copy", "pause", "abort sda pivot=true", "resume"), calls());
    }

    @Test
    void libvirtdLostMidCopyFailsTheDomainSayingTheCopyMayRunOnAndResumeTakesItUp() {
        Plan plan = host.planLive(CAP, CAPPED, "g1");
        replyUntilTheCopy();
        jobs.readsUntilReady = 3;
        jobs.readsUntilLibvirtdLost = 2;

        DomainResult failed = host.apply(plan, true, false).get(0);

        assertEquals(DomainResult.Result.FAILED, failed.result(), failed.detail() + host.output);
        assertTrue(
                failed.detail()
                        .startsWith("disk sda of 'g1': virt-tune lost libvirtd while it followed the live copy"
                                + " onto " + LV),
                failed.detail());
        assertTrue(failed.detail().contains("Broken pipe"), "libvirt's own words are kept: " + failed.detail());
        assertTrue(failed.detail().contains("the copy is QEMU's and may still run"), failed.detail());
        assertTrue(failed.detail().contains("apply --resume takes the copy up"), failed.detail());
        assertEquals(
                DomainJournal.Status.FAILED,
                host.state.journal(uuid()).orElseThrow().status());
        // libvirtd back: the copy went on in QEMU meanwhile and is ready, as in the lab.
        jobs.libvirtdLost = false;
        jobs.job = ScriptedBlockJobs.Job.READY;
        DomainResult resumed = host.apply(plan, true, true).get(0);
        assertEquals(DomainResult.Result.DONE, resumed.result(), resumed.detail() + host.output);
        assertEquals(List.of("copy", "pause", "abort sda pivot=true", "resume"), calls());
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "full | is full (100.00% of its data used): the copy could not write the LV",
                "inactive | may be full (it is inactive: lvs reports no usage of it, so its room cannot be told and counts"
                        + " as none; lvchange -ay vg/pool activates it): if so, the copy could not write the LV"
            })
    void aCopyThatFailsInAFullThinPoolFailsTheDomainSayingSoAndTheGuestStaysOnItsSource(String pool, String says) {
        Plan plan = planIntoPool(CAPPED);
        replyUntilTheThinCopy();
        jobs.readsUntilReady = 1000;
        jobs.readsUntilJobFails = 2;
        // The copy fills the pool: LVM's report read after the job failed shows it full, those before did not;
        // or shows no usage of it, as of an inactive pool, which counts as full since it cannot be told.
        jobs.whenJobFails = () -> (pool.equals("full") ? host.fullPools : host.inactivePools).add("pool");

        DomainResult failed = host.apply(plan, true, false).get(0);

        assertEquals(DomainResult.Result.FAILED, failed.result(), failed.detail() + host.output);
        assertTrue(
                failed.detail()
                        .startsWith(
                                "disk sda of 'g1': the live copy onto " + LV + " failed: thin pool vg/pool " + says),
                failed.detail());
        assertTrue(failed.detail().contains("roll back (virt-tune rollback g1) to remove it"), failed.detail());
        assertEquals(
                java.util.Optional.of(ScriptedBlockJobs.IMAGE),
                MirrorState.sourceOf(host.libvirt.liveXmlOrNull("g1"), "g1", "sda"));
        assertEquals(
                DomainJournal.Status.FAILED,
                host.state.journal(uuid()).orElseThrow().status());
    }

    @Test
    void aThinLvGivesItsZeroChunksBackBeforeThePauseAndAgainWithTheGuestPausedBeforeThePivot() {
        Plan plan = planIntoPool(VERIFIED);
        replyUntilTheThinCopy();
        // At the ready point: the source's map (its data at 0-32 MiB and 64-65 MiB, in the pool's 64 KiB
        // chunks), the discards, the guest running; then with the guest paused the map again, the same
        // discards again, the compare.
        List<Extent> data = List.of(new Extent(0, 32 * MIB), new Extent(64 * MIB, MIB));
        host.data(ScriptedBlockJobs.IMAGE, data).replyOk().replyOk().replyOk().replyOk();
        host.runner.succeed("Images are identical.\n");
        List<String> whileDiscarding = new java.util.ArrayList<>();
        host.runner.observe(argv -> {
            if (argv.get(0).equals("blkdiscard")) {
                whileDiscarding.add(host.libvirt.find("g1").orElseThrow().state() + " "
                        + ThinReclaim.givenBackBeforePivot(
                                host.state.journal(uuid()).orElseThrow(), LV));
            }
        });

        DomainResult result = host.apply(plan, true, false).get(0);

        assertEquals(DomainResult.Result.DONE, result.result(), result.detail() + host.output);
        // Journaled before the first discard: a run killed from then on leaves a copy no resume switches onto.
        assertEquals(List.of("RUNNING true", "RUNNING true", "PAUSED true", "PAUSED true"), whileDiscarding);
        List<String> commands = host.commandLines();
        List<String> discards =
                commands.stream().filter(line -> line.startsWith("blkdiscard")).toList();
        List<String> zeroChunks = List.of(
                "blkdiscard --offset " + 32 * MIB + " --length " + 32 * MIB + " " + LV,
                "blkdiscard --offset " + 65 * MIB + " --length " + 63 * MIB + " " + LV);
        assertEquals(List.of(zeroChunks.get(0), zeroChunks.get(1), zeroChunks.get(0), zeroChunks.get(1)), discards);
        // Each round opens the LV once for all its ranges: in the pause, no opening (or process) a range.
        List<String> ranges = List.of(32 * MIB + "+" + 32 * MIB, 65 * MIB + "+" + 63 * MIB);
        assertEquals(List.of(ranges, ranges), host.discardRounds);
        assertEquals(
                2,
                commands.stream()
                        .filter(line ->
                                line.equals("qemu-img map --output=json -U -f qcow2 " + ScriptedBlockJobs.IMAGE))
                        .count(),
                commands.toString());
        assertTrue(
                commands.lastIndexOf(discards.get(3))
                        < commands.indexOf(String.join(
                                " ",
                                "qemu-img",
                                "compare",
                                "-p",
                                "-U",
                                "--image-opts",
                                "driver=qcow2,file.filename=" + ScriptedBlockJobs.IMAGE,
                                "driver=raw,file.filename=" + LV + ",file.locking=off")),
                "the compare verifies the discards: " + commands);
        assertEquals(List.of("copy", "pause", "abort sda pivot=true", "resume"), calls());
        // A later plan predicts switches into thin LVs by this one alone: its map and discards are pause.
        assertEquals(
                List.of(java.util.Optional.of(io.virttune.apply.journal.PivotPauses.Target.THIN)),
                io.virttune.apply.journal.PivotPauses.each(
                                host.state.journal(uuid()).orElseThrow())
                        .stream()
                        .map(io.virttune.apply.journal.PivotPauses.Pause::into)
                        .toList());
        // The catch-up in the pause, before the map is read again, runs at the device's pace, not the cap's.
        assertTrue(
                !jobs.speedsReadPaused.isEmpty()
                        && jobs.speedsReadPaused.stream().allMatch(speed -> speed == 0),
                "the copy's bandwidth at each read in the pause: " + jobs.speedsReadPaused);
        assertTrue(
                host.output
                        .toString()
                        .contains(roundBeforeThePause("95 MiB", 0) + "\n" + LINE + PAUSED_MAP + "\n" + LINE
                                + pausedRound("95 MiB", "0 B", 0)
                                + "\n"),
                host.output.toString());
    }

    @Test
    void aFreshThinLvInAZeroingPoolIsCopiedWithoutItsZerosWhereLibvirtAndQemuCanSkipThem() {
        applyOnTestingsStack(true);

        assertEquals(List.of("sync=false target-zeroed"), copies());
        DomainJournal journal = host.state.journal(uuid()).orElseThrow();
        assertTrue(
                journal.entries().stream()
                        .anyMatch(entry -> entry.kind().equals("MirrorSkipsZeros")
                                && entry.detail().equals(LV)),
                journal.entries().toString());
        // The mirror never wrote the zeros: nothing to give back with the guest running, nor with it
        // paused (no map read, no discard in the pause); the paused compare stays.
        assertFalse(ThinReclaim.givenBackBeforePivot(journal, LV));
        assertFalse(host.output.toString().contains("before the pause, the guest running"), host.output.toString());
        List<String> commands = host.commandLines();
        // Nothing reads the LV's discard support: there is nothing to give back. The source's map is read
        // once, beside the running guest, before the copy: a copy made again writes its data alone.
        assertEquals(
                List.of("qemu-img map --output=json -U -f qcow2 " + ScriptedBlockJobs.IMAGE),
                commands.stream()
                        .filter(line -> line.startsWith("qemu-img map"))
                        .toList());
        assertTrue(commands.stream().noneMatch(line -> line.startsWith("lsblk")), commands.toString());
        assertTrue(commands.stream().noneMatch(line -> line.startsWith("blkdiscard")), commands.toString());
        assertTrue(host.discardRounds.isEmpty(), host.discardRounds.toString());
        assertTrue(
                host.output
                        .toString()
                        .contains("the mirror never wrote " + LV + "'s zeros: none to give back with the guest paused"),
                host.output.toString());
        assertTrue(
                host.output
                        .toString()
                        .contains("the copy writes only " + ScriptedBlockJobs.IMAGE + "'s data, the LV certified to"
                                + " read as zeros: " + LV + " is a thin LV this apply created in thin pool vg/pool,"
                                + " which zeroes new chunks; libvirt 12.8.0, QEMU 11.1.2"),
                host.output.toString());
        assertTrue(host.output.toString().contains("the guest paused: identical"), host.output.toString());
    }

    @Test
    void aThinLvInAPoolThatDoesNotZeroNewChunksIsCopiedZerosIncludedEvenWhereTheStackCouldSkipThem() {
        applyOnTestingsStack(false);

        assertEquals(List.of("sync=false"), copies());
        assertTrue(ThinReclaim.givenBackBeforePivot(host.state.journal(uuid()).orElseThrow(), LV));
        assertEquals(
                List.of("MirrorWritesZeros " + LV + ": thin pool vg/pool does not zero new chunks (-Zn): a chunk"
                        + " the copy writes in part keeps old bytes in the rest"),
                zeroDecisions());
    }

    /** A copy onto a linear LV writes the zeros, and the journal says so and why, as it says a skip. */
    @Test
    void aCopyOntoALinearLvJournalsThatItWritesTheZerosAndWhy() {
        Plan plan = host.planLive(CAP, CAPPED, "g1");
        replyUntilTheCopy();

        DomainResult result = host.apply(plan, true, false).get(0);

        assertEquals(DomainResult.Result.DONE, result.result(), result.detail() + host.output);
        assertEquals(List.of("sync=false"), copies());
        assertEquals(
                List.of("MirrorWritesZeros " + LV + ": a linear LV holds what its extents held before"),
                zeroDecisions());
    }

    /** The journal's word on each copy's zeros, in order: its kind, then its detail. */
    private List<String> zeroDecisions() {
        return host.state.journal(uuid()).orElseThrow().entries().stream()
                .filter(entry ->
                        entry.kind().startsWith("Mirror") && entry.kind().endsWith("Zeros"))
                .map(entry -> entry.kind() + " " + entry.detail())
                .toList();
    }

    /**
     * Moves g1 live, its paused compare asked for, into vg/pool, a pool that zeroes new chunks when
     * {@code zeroing}, on Debian testing's stack (libvirt 12.8, QEMU 11.1): the source's data in its
     * first 32 MiB; fails unless the move is done.
     */
    private void applyOnTestingsStack(boolean zeroing) {
        jobs.libvirtVersion = "12.8.0";
        jobs.hypervisorVersion = "QEMU 11.1.2";
        Plan plan = planIntoPool(VERIFIED);
        if (zeroing) {
            host.zeroingPools.add("pool");
        }
        replyUntilTheThinCopy();
        host.data(ScriptedBlockJobs.IMAGE, List.of(new Extent(0, 32 * MIB)))
                .replyOk()
                .replyOk()
                .replyOk()
                .replyOk();
        host.runner.succeed("Images are identical.\n");

        DomainResult result = host.apply(plan, true, false).get(0);

        assertEquals(DomainResult.Result.DONE, result.result(), result.detail() + host.output);
    }

    /** How each copy was started: its synchronous writes, and its target certified zero when it was. */
    private List<String> copies() {
        return jobs.calls.stream()
                .filter(call -> call.startsWith("copy "))
                .map(call -> call.substring(call.indexOf(" sync=") + 1))
                .toList();
    }

    @Test
    void theZerosOfADiskFarLargerThanThePauseCanTakeGoBackBeforeThePause() {
        Plan plan = sixteenGibIntoPool();
        // Before the pause and in it, the same map, the image's own: 32 MiB of data, 16 GiB less that of zeros;
        // one discard each time.
        host.replyOk().replyOk();
        List<DomainState> whileDiscarding = new java.util.ArrayList<>();
        discardsTakeASecondEach(argv ->
                whileDiscarding.add(host.libvirt.find("g1").orElseThrow().state()));

        DomainResult result = host.apply(plan, true, false).get(0);

        assertEquals(DomainResult.Result.DONE, result.result(), result.detail() + host.output);
        // The whole 16 GiB less the data, in one discard before the pause, whatever it takes; the same again paused.
        String all = "blkdiscard --offset " + 32 * MIB + " --length " + (16 * ApplyHarness.GIB - 32 * MIB) + " " + LV;
        assertEquals(
                List.of(all, all),
                host.commandLines().stream()
                        .filter(line -> line.startsWith("blkdiscard"))
                        .toList());
        assertEquals(List.of(DomainState.RUNNING, DomainState.PAUSED), whileDiscarding);
        assertTrue(
                host.output
                        .toString()
                        .contains(roundBeforeThePause("16.0 GiB", 1000) + "\n" + LINE + PAUSED_MAP + "\n" + LINE
                                + pausedRound("16.0 GiB", "0 B", 1000) + "\n"),
                host.output.toString());
        // Where the pause went, part by part, and how long it was, journaled with the resume.
        assertTrue(
                host.output
                        .toString()
                        .contains("the guest was paused 1000 ms for the pivot (suspend 0, catch-up 0, map 0,"
                                + " discards again 1000, new zeros 0, pivot 0, resume 0 ms)\n"),
                host.output.toString());
        assertEquals(
                java.util.OptionalLong.of(1000),
                PivotPauses.millis(host.state.journal(uuid()).orElseThrow()));
    }

    @Test
    void theDiscardsInThePauseStopOnceTheyHaveHeldTheGuestPausedForTheirBudget() {
        Plan plan = sixteenGibIntoPool();
        // Before the pause the guest holds data in its last 8 GiB too; it has trimmed them by the pause: the
        // first map and the later one differ, in that order. The LV takes discards of up to 4 GiB.
        host.data(
                        ScriptedBlockJobs.IMAGE,
                        List.of(new Extent(0, 32 * MIB), new Extent(8 * ApplyHarness.GIB, 8 * ApplyHarness.GIB)),
                        List.of(new Extent(0, 32 * MIB)))
                .discardLimit(4 * ApplyHarness.GIB)
                .replyOk()
                .replyOk()
                .replyOk();
        discardsTakeASecondEach(argv -> {});

        DomainResult result = host.apply(plan, true, false).get(0);

        assertEquals(DomainResult.Result.DONE, result.result(), result.detail() + host.output);
        String before = "blkdiscard --offset " + 32 * MIB + " --length " + (8 * ApplyHarness.GIB - 32 * MIB) + " " + LV;
        // In the pause, the 8 GiB given back before, again, then the trimmed 8 GiB in pieces of 4 GiB until 2 s have
        // gone.
        assertEquals(
                List.of(
                        before,
                        before,
                        "blkdiscard --offset " + 8 * ApplyHarness.GIB + " --length " + 4 * ApplyHarness.GIB + " " + LV),
                host.commandLines().stream()
                        .filter(line -> line.startsWith("blkdiscard"))
                        .toList());
        assertTrue(
                host.output
                        .toString()
                        .contains(pausedRound("8.0 GiB", "4 GiB", 2000) + "; 4 GiB more stay"
                                + " provisioned, to keep the pause near 2 s"),
                host.output.toString());
    }

    @Test
    void aChunkGivenBackBeforeThePauseThatHoldsDataThenIsNotSwitchedOntoButCopiedAgain() {
        Plan plan = planIntoPool(CAPPED);
        replyUntilTheThinCopy();
        // The guest writes 64-65 MiB after the first map is read: that chunk was given back before the pause;
        // every map read later (in the pause, and for the copy made again) shows it.
        List<Extent> before = List.of(new Extent(0, 32 * MIB));
        List<Extent> after = List.of(new Extent(0, 32 * MIB), new Extent(64 * MIB, MIB));
        host.data(ScriptedBlockJobs.IMAGE, before, after).replyOk();
        // The copy made again gives chunks back only with the guest paused.
        host.replyOk().replyOk();
        List<String> discardsWhile = new java.util.ArrayList<>();
        host.runner.observe(argv -> {
            if (argv.get(0).equals("blkdiscard")) {
                discardsWhile.add(
                        host.libvirt.find("g1").orElseThrow().state() + " " + argv.get(2) + "+" + argv.get(4));
            }
        });

        DomainResult result = host.apply(plan, true, false).get(0);

        assertEquals(DomainResult.Result.DONE, result.result(), result.detail() + host.output);
        assertEquals(
                List.of(
                        "copy",
                        "pause",
                        "resume",
                        "abort sda pivot=false",
                        "copy",
                        "pause",
                        "abort sda pivot=true",
                        "resume"),
                calls());
        assertEquals(
                List.of(
                        "RUNNING " + 32 * MIB + "+" + 96 * MIB,
                        "PAUSED " + 32 * MIB + "+" + 32 * MIB,
                        "PAUSED " + 65 * MIB + "+" + 63 * MIB),
                discardsWhile);
        String output = host.output.toString();
        assertTrue(
                output.contains("not switched: 1 MiB of the chunks given back before the pause hold data in "
                        + ScriptedBlockJobs.IMAGE
                        + " now (the guest wrote there after its map was read, or QEMU had not yet written"
                        + " that part of the map), so " + LV + " may differ from it there"),
                output);
        assertTrue(output.contains(" ms for the pivot, then resumed on its source, not switched"), output);
        assertTrue(
                output.contains("aborted the copy onto " + LV + " (the guest runs on its source, which holds every"
                        + " write it made); copying again, giving chunks back only with the guest paused"),
                output);
        assertEquals(java.util.Optional.of(LV), MirrorState.sourceOf(host.libvirt.liveXmlOrNull("g1"), "g1", "sda"));
    }

    @Test
    void aSourceWithoutAWholeChunkOfZerosIsNotCaughtUpWithTheGuestPaused() {
        Plan plan = planIntoPool(CAPPED);
        replyUntilTheThinCopy();
        host.data(ScriptedBlockJobs.IMAGE, noWholeChunkOfZeros());

        DomainResult result = host.apply(plan, true, false).get(0);

        assertEquals(DomainResult.Result.DONE, result.result(), result.detail() + host.output);
        assertEquals(
                1,
                host.commandLines().stream()
                        .filter(line -> line.startsWith("qemu-img map"))
                        .count(),
                host.commandLines().toString());
        assertTrue(
                host.output
                        .toString()
                        .contains("no whole chunk of " + ScriptedBlockJobs.IMAGE + " reads as zeros:"
                                + " nothing to give back to thin pool vg/pool"),
                host.output.toString());
    }

    @Test
    void anLvThatTakesNoDiscardsKeepsItsChunksAndTheMoveGoesOn() {
        Plan plan = planIntoPool(CAPPED);
        replyUntilTheThinCopy();
        // A pool made with --discards ignore: the kernel gives its thin LVs a discard limit of 0.
        host.discardLimit(0);

        DomainResult result = host.apply(plan, true, false).get(0);

        assertEquals(DomainResult.Result.DONE, result.result(), result.detail() + host.output);
        assertEquals(List.of("copy", "pause", "abort sda pivot=true", "resume"), calls());
        assertTrue(
                host.commandLines().stream().noneMatch(line -> line.startsWith("blkdiscard")),
                host.commandLines().toString());
        assertTrue(
                host.output
                        .toString()
                        .contains(LV + " takes no discards (its thin pool vg/pool ignores them): it"
                                + " keeps the 96 MiB of chunks the copy filled with zeros"),
                host.output.toString());
    }

    @Test
    void aDiscardRefusedBeforeThePauseIsNotSwitchedOntoAndTheCopyMadeAgainKeepsItsChunks() {
        Plan plan = planIntoPool(CAPPED);
        replyUntilTheThinCopy();
        // The pool refuses the discard before the pause, then again with the guest paused: a discard that
        // failed may have given back part of its range, which is then not proven to read as the source does.
        String refused = "blkdiscard: /dev/vg/g1-sda: BLKDISCARD ioctl failed: Operation not supported\n";
        host.runner.fail(1, refused).fail(1, refused);
        // The copy made again: no discard before the pause; the one in it refused, which changes nothing the guest
        // reads.
        host.runner.fail(1, refused);

        DomainResult result = host.apply(plan, true, false).get(0);

        assertEquals(DomainResult.Result.DONE, result.result(), result.detail() + host.output);
        assertEquals(
                List.of(
                        "copy",
                        "pause",
                        "resume",
                        "abort sda pivot=false",
                        "copy",
                        "pause",
                        "abort sda pivot=true",
                        "resume"),
                calls());
        String output = host.output.toString();
        assertTrue(
                output.contains("the thin pool took back 0 B of " + LV + "'s zero chunks before the pause, then refused"
                        + " the rest"),
                output);
        assertTrue(
                output.contains("not switched: the chunks given back before the pause could not be discarded again"
                        + " with the guest paused"),
                output);
        assertTrue(
                output.contains("the thin pool took back 0 B of " + LV + "'s zero chunks, then refused the rest"),
                output);
    }

    @Test
    void anLvLvmDoesNotReportAsThinGetsNoDiscard() {
        Plan plan = planIntoPool(CAPPED);
        // LVM reports the LV linear at the ready point, whatever the plan said: a linear LV's discarded
        // blocks may read as anything, so nothing is discarded on it.
        host.replyCreated(ApplyHarness.ours("g1-sda", 128 * MIB, uuid(), "Lv-A"))
                .replyOk();

        DomainResult result = host.apply(plan, true, false).get(0);

        assertEquals(DomainResult.Result.DONE, result.result(), result.detail() + host.output);
        assertTrue(
                host.commandLines().stream().noneMatch(line -> line.startsWith("blkdiscard")),
                host.commandLines().toString());
        assertTrue(
                host.output
                        .toString()
                        .contains("LVM does not report " + LV + " as a thin LV of a pool: nothing is"
                                + " discarded on it"),
                host.output.toString());
    }

    @Test
    void aGuestThatNoLongerRunsIsToldToPlanAgain() {
        Plan plan = host.planLive(CAP, CAPPED, "g1");
        host.libvirt.stop("g1");

        DomainResult result = host.apply(plan, true, false).get(0);

        assertEquals(DomainResult.Result.REFUSED, result.result());
        assertTrue(result.detail().contains("does not run now; nothing was copied; plan again"), result.detail());
    }

    @Test
    void rollbackBeforeThePivotAbortsTheCopyAndRemovesTheLvWhileTheGuestRunsOnItsSource() {
        Plan plan = host.planLive(CAP, CAPPED, "g1");
        interruptedMidCopy(plan);
        host.replyRemoved("g1-sda");

        DomainResult result = host.rollback("g1", true, false);

        assertEquals(DomainResult.Result.DONE, result.result(), result.detail() + host.output);
        assertEquals(List.of("copy", "abort sda pivot=false"), calls());
        assertTrue(
                host.commandLines().stream().anyMatch(line -> line.equals("lvm lvremove --yes vg/g1-sda")),
                host.commandLines().toString());
        assertEquals(
                java.util.Optional.of(ScriptedBlockJobs.IMAGE),
                MirrorState.sourceOf(host.libvirt.liveXmlOrNull("g1"), "g1", "sda"));
    }

    @Test
    void rollbackAfterThePivotIsRefusedSayingTheGuestsWritesAreOnTheLv() {
        Plan plan = host.planLive(CAP, CAPPED, "g1");
        replyUntilTheCopy();
        host.apply(plan, true, false);

        DomainResult result = host.rollback("g1", true, false);

        assertEquals(DomainResult.Result.REFUSED, result.result());
        assertTrue(result.detail().contains("every write since the pivot is there only"), result.detail());
    }

    @Test
    void aDryRunSaysWhatItWouldCopyAndChangesNothing() {
        Plan plan = host.planLive(CAP, CAPPED, "g1");
        String before = host.libvirt.inactiveXml("g1");

        DomainResult result = host.apply(plan, false, false).get(0);

        assertEquals(DomainResult.Result.WOULD_RUN, result.result(), result.detail() + host.output);
        assertTrue(
                host.output.toString().contains("would start a block copy of disk sda of 'g1' onto"),
                host.output.toString());
        assertTrue(host.output.toString().contains("would pivot the block copy of disk sda"), host.output.toString());
        assertEquals(List.of(), jobs.calls);
        assertEquals(before, host.libvirt.inactiveXml("g1"));
    }

    @Test
    void aDryRunIntoAThinPoolSaysItWouldGiveTheZeroChunksBack() {
        Plan plan = planIntoPool(CAPPED);

        DomainResult result = host.apply(plan, false, false).get(0);

        assertEquals(DomainResult.Result.WOULD_RUN, result.result(), result.detail() + host.output);
        assertTrue(
                host.output
                        .toString()
                        .contains("would give back to thin pool vg/pool the chunks of " + LV + " where "
                                + ScriptedBlockJobs.IMAGE
                                + " reads as zeros: before the pause, the guest running, then checked against the"
                                + " source with the guest paused, and the rest then"),
                host.output.toString());
        assertTrue(
                host.commandLines().stream().noneMatch(line -> line.startsWith("blkdiscard")),
                host.commandLines().toString());
    }

    /** The copy started and was not ready in time: the run failed and left it running. */
    private void interruptedMidCopy(Plan plan) {
        replyUntilTheCopy();
        leftCopying(plan);
    }

    private void leftCopying(Plan plan) {
        jobs.readyTimeout = java.time.Duration.ZERO;
        jobs.readsUntilReady = 1000;
        DomainResult failed = host.apply(plan, true, false).get(0);
        assertTrue(failed.detail().contains("the job was left running"), failed.detail());
    }

    /**
     * What a run killed while it gave chunks of its thin LV back before the pause leaves: the copy
     * ready, and its journal saying so (as the journal has it on disk, written before the first discard).
     */
    private void killedAfterGivingChunksBackBeforeThePause(Plan plan) {
        replyUntilTheThinCopy();
        leftCopying(plan);
        DomainJournal journal = host.state.journal(uuid()).orElseThrow();
        host.state.save(journal.with(new JournalEntry(
                AutostartPause.DOMAIN,
                "GivenBackBeforePivot",
                JournalEntry.StepState.DONE,
                "2026-12-03T20:00:00Z",
                LV)));
        jobs.job = ScriptedBlockJobs.Job.READY;
        // A copy made again gets ready as any.
        jobs.readyTimeout = java.time.Duration.ofMinutes(1);
        jobs.readsUntilReady = 2;
    }

    /** Data every 64 KiB of the 128 MiB disk (a guest that wrote all over it): no whole 64 KiB chunk of zeros. */
    private static List<Extent> noWholeChunkOfZeros() {
        List<Extent> everyOther = new java.util.ArrayList<>();
        for (long at = 0; at < 128 * MIB; at += 64 * 1024) {
            everyOther.add(new Extent(at + 32 * 1024, 4096));
        }
        return everyOther;
    }

    /**
     * What a run killed between the pause and the pivot leaves: its journal says it paused the
     * guest, the guest is paused, the copy ready.
     */
    private void stoppedWhilePausedForThePivot(Plan plan) {
        interruptedMidCopy(plan);
        DomainJournal journal = host.state.journal(uuid()).orElseThrow();
        host.state.save(journal.with(new JournalEntry(
                AutostartPause.DOMAIN,
                PivotPause.KIND,
                JournalEntry.StepState.DONE,
                "2026-12-03T20:00:00Z",
                PivotPause.PAUSED)));
        host.libvirt.state("g1", DomainState.PAUSED);
        jobs.job = ScriptedBlockJobs.Job.READY;
    }

    private void replyUntilTheCopy() {
        host.replyCreated(ApplyHarness.ours("g1-sda", 128 * MIB, uuid(), "Lv-A"))
                .replyOk();
    }

    /** A plan of g1, its disk 16 GiB with 32 MiB of data, into the thin pool, replied until its copy. */
    private Plan sixteenGibIntoPool() {
        host.image(ScriptedBlockJobs.IMAGE, 16 * ApplyHarness.GIB, 32 * MIB);
        Plan plan = planIntoPool(CAPPED);
        host.replyCreated(ApplyHarness.ourThin("g1-sda", 16 * ApplyHarness.GIB, "pool", uuid(), "Lv-A"))
                .replyOk();
        return plan;
    }

    /** apply's words for the round before the pause, the guest running. */
    /** The harness's images are not this process's files: the pause reads their map with qemu-img. */
    private static final String PAUSED_MAP =
            "the map of " + ScriptedBlockJobs.IMAGE + " in the pause: qemu-img map (the images are another host's)";

    private static String roundBeforeThePause(String given, long millis) {
        return "gave " + given + " of zero chunks of " + LV + " back to thin pool vg/pool in " + millis
                + " ms before the" + " pause, the guest running";
    }

    /** apply's words for the pause's round: {@code again} given back before the pause, then {@code more}. */
    private static String pausedRound(String again, String more, long millis) {
        return "discarded again the " + again + " given back before the pause (zeros in " + ScriptedBlockJobs.IMAGE
                + " still) and gave " + more + " more of zero chunks of " + LV + " back to thin pool vg/pool, in "
                + millis
                + " ms, the guest paused";
    }

    /** A plan of g1 into the thin pool vg/pool (64 KiB chunks). */
    private Plan planIntoPool(PlanPolicy.Live live) {
        host.lv(ApplyHarness.ourPool("pool", 20 * ApplyHarness.GIB, "Po-1"));
        return host.planLiveIntoPool("pool", CAP, live, "g1");
    }

    private void replyUntilTheThinCopy() {
        host.replyCreated(ApplyHarness.ourThin("g1-sda", 128 * MIB, "pool", uuid(), "Lv-A"))
                .replyOk();
    }

    /** Each blkdiscard takes a second of apply's clock; {@code observer} sees it first. */
    private void discardsTakeASecondEach(java.util.function.Consumer<List<String>> observer) {
        java.time.Instant[] now = {ApplyHarness.NOW};
        host.clock = new java.time.Clock() {
            @Override
            public java.time.ZoneId getZone() {
                return java.time.ZoneOffset.UTC;
            }

            @Override
            public java.time.Clock withZone(java.time.ZoneId zone) {
                return this;
            }

            @Override
            public java.time.Instant instant() {
                return now[0];
            }
        };
        host.runner.observe(argv -> {
            if (argv.get(0).equals("blkdiscard")) {
                observer.accept(argv);
                now[0] = now[0].plusSeconds(1);
            }
        });
    }

    /** The block-job calls, each copy by its first word. */
    @Test
    void aSignalDuringThePivotPauseResumesTheGuestAndJournalsTheStop() {
        Plan plan = host.planLive(CAP, CAPPED, "g1");
        replyUntilTheCopy();
        // SIGTERM arrives while the guest is paused for the pivot: the shutdown hook runs this.
        jobs.afterPivot = () -> Interruptions.interruptAll(Interruptions.BY_SIGNAL);

        DomainResult result = host.apply(plan, true, false).get(0);

        assertEquals(DomainResult.Result.DONE, result.result(), result.detail() + host.output);
        assertEquals(
                List.of("copy", "pause", "abort sda pivot=true", "resume"),
                calls(),
                "resumed once, by the hook, not again after the pivot");
        assertFalse(PivotPause.pending(host.state.journal(uuid()).orElseThrow()), "the journal says it was resumed");
    }

    @Test
    void libvirtdRestartedInThePivotPauseHasTheGuestResumedThroughANewConnectionOnceItAnswers() {
        Plan plan = libvirtdLostAtThePause();

        DomainResult result = host.apply(plan, true, false).get(0);

        assertEquals(DomainResult.Result.FAILED, result.result(), result.detail() + host.output);
        assertEquals(
                DomainState.RUNNING,
                host.libvirt.find("g1").orElseThrow().state(),
                "the guest was left paused: " + host.output);
        assertTrue(
                host.output.toString().contains("resumed the guest through a new libvirt connection"),
                host.output.toString());
        assertFalse(PivotPause.pending(host.state.journal(uuid()).orElseThrow()), "the journal says it was resumed");
    }

    /**
     * Interrupted while it waits for libvirtd to answer again, apply says its guest waits paused and
     * what resumes it, as every other interrupted wait says what it leaves; the journal keeps the
     * pause for that resume.
     */
    @Test
    void interruptedWhileLibvirtdRestartsInThePivotPauseTheDomainFailsSayingTheGuestWaitsPaused() {
        Plan plan = libvirtdLostAtThePause();
        jobs.whenPaused = () -> Thread.currentThread().interrupt();

        DomainResult result;
        try {
            result = host.apply(plan, true, false).get(0);
        } finally {
            Thread.interrupted();
        }

        assertEquals(DomainResult.Result.FAILED, result.result(), result.detail() + host.output);
        assertTrue(
                host.output
                        .toString()
                        .contains("the guest could not be resumed after the failed pivot (interrupted while waiting for"
                                + " libvirtd to answer again; the guest 'g1' is left paused: apply --resume or"
                                + " rollback resumes it)"),
                host.output.toString());
        assertTrue(PivotPause.pending(host.state.journal(uuid()).orElseThrow()), "the journal keeps the pause");
    }

    /** g1's live plan, its copy scripted until the pause, where libvirtd goes and answers a fourth connection. */
    private Plan libvirtdLostAtThePause() {
        Plan plan = host.planLive(CAP, CAPPED, "g1");
        replyUntilTheCopy();
        jobs.libvirtdLostAtPause = true;
        jobs.connectionsUntilLibvirtdBack = 3;
        return plan;
    }

    /** The calls, a copy's settings left out, and the lifting of the cap before the pause (which its own test checks). */
    private List<String> calls() {
        return jobs.calls.stream()
                .filter(call -> !call.matches("speed \\S+ 0"))
                .map(call -> call.startsWith("copy ") ? "copy" : call)
                .toList();
    }

    private static String uuid() {
        return "b6affa52-27af-4397-ac3a-6c4dbff19056";
    }
}
