package io.virttune.blockjob;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.ExitCode;
import io.virttune.VirtTuneException;
import io.virttune.blockjob.BlockCopySettings.TypedParameter;
import io.virttune.xml.DomainXml;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import org.jdom2.Element;
import org.junit.jupiter.api.Test;

class BlockCopyTest {
    private static final String LV = "/dev/vexp/same";
    private static final String COPYING = recorded("live-copying");
    private static final String READY = recorded("live-ready");
    private static final String PIVOTED = recorded("live-pivoted");
    private static final String INACTIVE_PIVOTED = recorded("inactive-pivoted");

    @Test
    void theDestinationIsARawBlockDeviceWithItsFormatNamed() {
        assertEquals(
                "<disk type='block'><source dev='/dev/vg0/web1-vda'/><driver type='raw'/></disk>",
                BlockCopy.destinationXml("/dev/vg0/web1-vda"));
    }

    @Test
    void theDestinationPathIsEscaped() {
        Element disk = DomainXml.parse(
                        "<domain><devices>" + BlockCopy.destinationXml("/dev/vg/a'b&c") + "</devices></domain>", "test")
                .document()
                .getRootElement()
                .getChild("devices")
                .getChild("disk");

        assertEquals("/dev/vg/a'b&c", disk.getChild("source").getAttributeValue("dev"));
    }

    @Test
    void everyCopyReusesTheLvAsATransientJobAndSynchronousWritesAreAsked() {
        assertEquals(2 | 4, BlockCopySettings.DEFAULTS.flags());
        assertEquals(
                2 | 4 | 8, BlockCopySettings.DEFAULTS.withSynchronousWrites().flags());
    }

    @Test
    void aTargetCertifiedZeroAddsLibvirtsTargetZeroedFlagAndKeepsTheOthers() {
        // libvirt-domain.h (12.2): VIR_DOMAIN_BLOCK_COPY_TARGET_ZEROED = 1 << 4.
        assertEquals(2 | 4 | 16, BlockCopySettings.DEFAULTS.withTargetZeroed().flags());
        assertEquals(
                2 | 4 | 8 | 16,
                BlockCopySettings.DEFAULTS
                        .withTargetZeroed()
                        .withBandwidth(1)
                        .withSynchronousWrites()
                        .flags());
    }

    @Test
    void onlyTheSettingsGivenBecomeTypedParameters() {
        assertEquals(List.of(), BlockCopySettings.DEFAULTS.parameters());
        assertEquals(
                List.of(new TypedParameter("bandwidth", false, 8L << 20)),
                BlockCopySettings.DEFAULTS.withBandwidth(8L << 20).parameters());
        assertEquals(
                List.of(
                        new TypedParameter("bandwidth", false, 1),
                        new TypedParameter("granularity", true, 4 << 20),
                        new TypedParameter("buf-size", false, 16L << 20)),
                new BlockCopySettings(1, 4 << 20, 16L << 20, false, false).parameters());
    }

    @Test
    void aGranularityQemuRefusesIsRefusedFirst() {
        assertThrows(IllegalArgumentException.class, () -> new BlockCopySettings(0, 3000, 0, false, false));
        assertThrows(IllegalArgumentException.class, () -> new BlockCopySettings(0, 256, 0, false, false));
        assertThrows(IllegalArgumentException.class, () -> new BlockCopySettings(0, 128 << 20, 0, false, false));
        assertThrows(IllegalArgumentException.class, () -> new BlockCopySettings(-1, 0, 0, false, false));
    }

    @Test
    void theMirrorStateIsReadFromRecordedLiveDefinitions() {
        assertEquals(MirrorState.COPYING, MirrorState.of(COPYING, "g1", "sda"));
        assertEquals(MirrorState.READY, MirrorState.of(READY, "g1", "sda"));
        assertEquals(MirrorState.NONE, MirrorState.of(PIVOTED, "g1", "sda"));
        assertEquals(MirrorState.PIVOTING, MirrorState.of(READY.replace("ready='yes'", "ready='pivot'"), "g1", "sda"));
        assertEquals(MirrorState.ABORTING, MirrorState.of(READY.replace("ready='yes'", "ready='abort'"), "g1", "sda"));
    }

    @Test
    void aDiskTheDomainDoesNotHaveIsNamedInTheFailure() {
        VirtTuneException e = assertThrows(VirtTuneException.class, () -> MirrorState.of(READY, "g1", "vdb"));

        assertEquals("domain 'g1' has no disk 'vdb'", e.getMessage());
    }

    @Test
    void progressIsInWholePercentAndCaughtUpOnlyWhenCounted() {
        assertEquals(0, new BlockJobProgress(0, 0).percent());
        assertEquals(33, new BlockJobProgress(1, 3).percent());
        assertTrue(new BlockJobProgress(5, 5).caughtUp());
        assertTrue(!new BlockJobProgress(0, 0).caughtUp());
    }

    @Test
    void startPassesTheDestinationAndSettings() {
        FakeJobs jobs = new FakeJobs();
        BlockCopySettings settings = BlockCopySettings.DEFAULTS.withBandwidth(1 << 20);

        new BlockCopy(jobs, "sda").start(LV, settings);

        assertEquals(List.of("copy sda " + BlockCopy.destinationXml(LV) + " " + settings), jobs.calls);
    }

    @Test
    void aDiskWithABlockJobAlreadyIsRefused() {
        FakeJobs jobs = new FakeJobs();
        jobs.progress.add(Optional.of(new BlockJobProgress(1, 4)));
        jobs.live.add(COPYING.replace(LV, "/dev/vexp/virt-tune-calibration-7"));

        VirtTuneException e = assertThrows(
                VirtTuneException.class, () -> new BlockCopy(jobs, "sda").start(LV, BlockCopySettings.DEFAULTS));

        assertEquals(ExitCode.REFUSED, e.exitCode());
        assertTrue(
                e.getMessage()
                        .startsWith("disk 'sda' of domain 'g1' already has a block job (25% done, copying into"
                                + " /dev/vexp/virt-tune-calibration-7)"),
                e.getMessage());
        assertTrue(
                e.getMessage().contains("virsh blockjob g1 sda --abort: the guest stays on its source"),
                e.getMessage());
        assertTrue(
                e.getMessage()
                        .endsWith("; for a killed calibration's, the next virt-tune calibrate --vg VG --execute (or"
                                + " --thin-pool VG/POOL) aborts a guest's mirror into it and removes it; so does"
                                + " virt-tune cleanup --all --execute, but that also removes the source images of every"
                                + " completed migration on the host, after which none can be rolled back (its dry run,"
                                + " without --execute, lists them), VG the destination's"),
                e.getMessage());
        assertEquals(List.of(), jobs.calls);
    }

    @Test
    void awaitReadyFollowsTheJobUntilTheMirrorIsReady() {
        FakeJobs jobs = new FakeJobs();
        jobs.progress.add(Optional.of(new BlockJobProgress(1, 4)));
        jobs.progress.add(Optional.of(new BlockJobProgress(4, 4)));
        jobs.live.add(COPYING);
        jobs.live.add(READY);
        List<Integer> seen = new ArrayList<>();

        BlockJobProgress ready = new BlockCopy(jobs, "sda")
                .awaitReady(Duration.ofSeconds(5), Duration.ZERO, progress -> seen.add(progress.percent()));

        assertEquals(new BlockJobProgress(4, 4), ready);
        assertEquals(List.of(25, 100), seen);
    }

    @Test
    void aJobThatEndsBeforeItIsReadyFailsSayingTheGuestIsOnItsSource() {
        FakeJobs jobs = new FakeJobs();
        jobs.progress.add(Optional.of(new BlockJobProgress(1, 4)));
        jobs.progress.add(Optional.empty());
        jobs.live.add(COPYING);

        VirtTuneException e = assertThrows(
                VirtTuneException.class,
                () -> new BlockCopy(jobs, "sda").awaitReady(Duration.ofSeconds(5), Duration.ZERO, progress -> {}));

        assertEquals(ExitCode.FAILED, e.exitCode());
        assertTrue(
                e.getMessage().startsWith("disk 'sda' of domain 'g1': the block copy ended before it was ready"),
                e.getMessage());
        assertTrue(e.getMessage().endsWith("the guest still runs on its source"), e.getMessage());
    }

    @Test
    void aJobThatCopiesWithoutGettingCloserIsLeftCopyingOnceItsWindowHasPassed() {
        FakeJobs jobs = new FakeJobs();
        jobs.progress.add(Optional.of(new BlockJobProgress(90, 100)));
        jobs.progress.add(Optional.of(new BlockJobProgress(95, 105)));
        jobs.live.add(COPYING);
        List<Integer> seen = new ArrayList<>();

        CopyWait ready = new BlockCopy(jobs, "sda")
                .awaitReadyUnlessOutpaced(
                        Duration.ofSeconds(5),
                        Duration.ZERO,
                        Duration.ZERO,
                        100,
                        progress -> seen.add(progress.percent()));

        assertEquals(
                new CopyWait.Outpaced("it got no closer to ready in 0 s (0.0 MiB left at best, 0.0 MiB copied since)"),
                ready);
        assertEquals(List.of(90, 90), seen);
        assertEquals(List.of(), jobs.calls, "the job is left as it is");
    }

    @Test
    void awaitCaughtUpReturnsOnceNothingIsLeftToCopyAndFailsWhenTheJobEnds() {
        FakeJobs jobs = new FakeJobs();
        jobs.progress.add(Optional.of(new BlockJobProgress(90, 100)));
        jobs.progress.add(Optional.of(new BlockJobProgress(100, 100)));
        new BlockCopy(jobs, "sda").awaitCaughtUp(Duration.ofSeconds(5), Duration.ZERO);

        FakeJobs ended = new FakeJobs();
        ended.progress.add(Optional.empty());
        VirtTuneException e = assertThrows(
                VirtTuneException.class,
                () -> new BlockCopy(ended, "sda").awaitCaughtUp(Duration.ofSeconds(5), Duration.ZERO));
        assertTrue(
                e.getMessage()
                        .endsWith("the block copy ended while the guest was paused for it to catch up; the guest"
                                + " runs on its source"),
                e.getMessage());
        assertEquals(List.of(), jobs.calls);
    }

    @Test
    void aJobNotReadyInTimeIsLeftRunning() {
        FakeJobs jobs = new FakeJobs();
        jobs.progress.add(Optional.of(new BlockJobProgress(1, 2)));
        jobs.live.add(COPYING);

        VirtTuneException e = assertThrows(
                VirtTuneException.class,
                () -> new BlockCopy(jobs, "sda").awaitReady(Duration.ZERO, Duration.ZERO, progress -> {}));

        assertTrue(e.getMessage().contains("not ready after 0 s (50% done"), e.getMessage());
        assertTrue(e.getMessage().endsWith("the job was left running: pivot or abort it"), e.getMessage());
        assertEquals(List.of(), jobs.calls);
    }

    @Test
    void aPivotOfACopyNotReadyIsRefused() {
        FakeJobs jobs = new FakeJobs();
        jobs.live.add(COPYING);

        VirtTuneException e = assertThrows(VirtTuneException.class, () -> new BlockCopy(jobs, "sda").pivot(LV));

        assertEquals(ExitCode.REFUSED, e.exitCode());
        assertTrue(e.getMessage().contains("not ready (copying)"), e.getMessage());
        assertEquals(List.of(), jobs.calls);
    }

    @Test
    void aPivotChecksTheLiveDefinitionAndReportsThePersistentOne() {
        FakeJobs jobs = new FakeJobs();
        jobs.live.add(READY);
        jobs.live.add(PIVOTED);
        jobs.inactive = INACTIVE_PIVOTED;

        Optional<String> persistent = new BlockCopy(jobs, "sda").pivot(LV);

        assertEquals(List.of("abort sda pivot=true"), jobs.calls);
        assertEquals(Optional.of(LV), persistent);
    }

    @Test
    void aPivotThatLeavesTheGuestElsewhereFails() {
        FakeJobs jobs = new FakeJobs();
        jobs.live.add(READY);
        jobs.live.add(COPYING.replaceAll("(?s)<mirror.*?</mirror>", ""));

        VirtTuneException e = assertThrows(VirtTuneException.class, () -> new BlockCopy(jobs, "sda").pivot(LV));

        assertTrue(
                e.getMessage()
                        .contains("after the pivot the guest runs on /var/lib/libvirt/images/exp/g1.qcow2,"
                                + " not on /dev/vexp/same"),
                e.getMessage());
    }

    @Test
    void anAbortEndsTheJobWithoutAPivotAndChecksTheMirrorIsGone() {
        FakeJobs jobs = new FakeJobs();
        jobs.live.add(COPYING.replaceAll("(?s)<mirror.*?</mirror>", ""));

        new BlockCopy(jobs, "sda").abort();

        assertEquals(List.of("abort sda pivot=false"), jobs.calls);
    }

    @Test
    void anAbortThatLeavesTheMirrorFails() {
        FakeJobs jobs = new FakeJobs();
        jobs.live.add(READY.replace("ready='yes'", "ready='abort'"));

        VirtTuneException e = assertThrows(VirtTuneException.class, () -> new BlockCopy(jobs, "sda").abort());

        assertEquals(
                "disk 'sda' of domain 'g1': the block copy still shows as aborting after the abort", e.getMessage());
    }

    private static String recorded(String name) {
        try {
            return Files.readString(Path.of("src/test/resources/libvirt/blockcopy/" + name + ".xml"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Block jobs of domain g1 replaying given answers; the last live definition and progress repeat. */
    private static final class FakeJobs implements BlockJobs {
        final Deque<Optional<BlockJobProgress>> progress = new ArrayDeque<>();
        final Deque<String> live = new ArrayDeque<>();
        final List<String> calls = new ArrayList<>();
        String inactive;

        @Override
        public String domain() {
            return "g1";
        }

        @Override
        public String libvirtVersion() {
            return "9.0.0";
        }

        @Override
        public String hypervisorVersion() {
            return "QEMU 7.2.0";
        }

        @Override
        public void copy(String disk, String destinationXml, BlockCopySettings settings) {
            calls.add("copy " + disk + " " + destinationXml + " " + settings);
        }

        @Override
        public Optional<BlockJobProgress> progress(String disk) {
            return progress.size() > 1
                    ? progress.poll()
                    : Optional.ofNullable(progress.peek()).flatMap(p -> p);
        }

        @Override
        public void setSpeed(String disk, long bytesPerSecond) {
            calls.add("speed " + disk + " " + bytesPerSecond);
        }

        @Override
        public void abort(String disk, boolean pivot) {
            calls.add("abort " + disk + " pivot=" + pivot);
        }

        @Override
        public boolean running() {
            return true;
        }

        @Override
        public long capacityBytes(String disk) {
            throw new AssertionError("a block copy never reads its disk's size");
        }

        @Override
        public io.virttune.libvirt.DiskWrites writes(String disk) {
            throw new AssertionError("a block copy never reads its guest's writes");
        }

        @Override
        public Optional<PauseReason> pausedFor() {
            return Optional.empty();
        }

        @Override
        public void pause() {
            throw new AssertionError("a block copy never pauses its guest");
        }

        @Override
        public void resume() {
            throw new AssertionError("a block copy never resumes its guest");
        }

        @Override
        public String liveXml() {
            return live.size() > 1 ? live.poll() : live.peek();
        }

        @Override
        public String inactiveXml() {
            return inactive;
        }
    }
}
