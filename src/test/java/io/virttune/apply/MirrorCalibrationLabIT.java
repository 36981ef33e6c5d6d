package io.virttune.apply;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.virttune.apply.journal.Calibration;
import io.virttune.apply.journal.StateDirectory;
import io.virttune.blockjob.MirrorState;
import io.virttune.libvirt.DomainState;
import io.virttune.libvirt.LibvirtJavaConnection;
import io.virttune.testing.Cli;
import io.virttune.testing.GuestWriter;
import io.virttune.testing.Lab;
import io.virttune.testing.LiveLabGuest;
import io.virttune.testing.StoppedApply;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * calibrate --mirror against the lab's libvirtd: the running test guest's disk mirrored into a
 * temporary LV of the VG and timed, the copy aborted without a pivot (the guest stays on its qcow2
 * and writes on), no job and no LV left, the pace kept; and a calibrate SIGKILLed mid-mirror, whose
 * job the next calibrate aborts before it removes the LV. Runs only inside the lab (scripts/lab run
 * --disk pv4:2G --libvirtd).
 */
class MirrorCalibrationLabIT {
    private static final String GUEST = "vt-mirrorcal";
    private static final String VG = "vt_mirrorcal";

    private final LiveLabGuest guest = new LiveLabGuest(GUEST, VG);

    @AfterEach
    void cleanUp() {
        guest.close();
    }

    @Test
    void aRunningGuestsMirrorIsTimedThenAbortedTheGuestStayingOnItsSourceAndNothingLeft() throws Exception {
        GuestWriter writer = writing();
        Path state = guest.work().resolve("state");

        Cli calibrated = calibrate(state, "--execute");

        assertEquals(0, calibrated.exitCode(), calibrated.transcript());
        requireOnSourceWithNothingLeft();
        Calibration.Mirror mirror =
                new StateDirectory(state).calibration(VG, null).orElseThrow().mirror();
        assertEquals(GUEST, mirror.domain());
        assertEquals("sda", mirror.disk());
        assertTrue(mirror.bytes() > 0 && mirror.bytesPerSecond() > 0, mirror.toString());
        // libvirt's block stats of the disk, read at the mirror's start and end, kept beside its pace.
        assertTrue(mirror.guestWrites() != null, mirror.toString());
        assertTrue(calibrated.out().contains(" while its guest wrote "), calibrated.out());
        assertTrue(calibrated.out().contains("mirror of " + GUEST + "'s sda"), calibrated.out());
        writer.awaitWrites(writer.writes() + 2);
        writer.stop();
        writer.verifyInGuest();
        System.out.println("calibrate --mirror in the lab: " + mirror + "\n" + calibrated.transcript());
    }

    @Test
    void aCalibrateKilledMidMirrorLeavesAJobTheNextCalibrateAbortsBeforeItRemovesTheLv() throws Exception {
        GuestWriter writer = writing();
        Path state = guest.work().resolve("state");
        // Capped by nothing, the 128 MiB mirror may be ready in a second: it is killed as soon as it shows.
        StoppedApply killed = inItsOwnProcess(state);
        awaitMirror();
        killed.signal("KILL");
        killed.awaitEnd();
        assertTrue(
                MirrorState.of(guest.libvirt().liveXml(GUEST), GUEST, "sda") != MirrorState.NONE,
                "SIGKILL runs no hook: the job stays");

        Cli again = calibrate(state, "--execute");

        assertEquals(0, again.exitCode(), again.transcript());
        assertTrue(again.out().contains("abort the block copy of disk sda of '" + GUEST + "' into"), again.out());
        requireOnSourceWritingOnWithNothingLeft(writer);
        System.out.println("calibrate --mirror killed, then again:\n" + again.transcript());
    }

    @Test
    void aCalibrateStoppedBySigtermMidMirrorAbortsItWithoutAPivotAndRemovesTheLv() throws Exception {
        GuestWriter writer = writing();
        Path state = guest.work().resolve("state");
        StoppedApply stopped = inItsOwnProcess(state);
        awaitMirror();
        stopped.signal("TERM");
        String out = stopped.awaitEnd();

        // Stopped before its own end: the hook aborted the copy, then removed the LV.
        assertTrue(!out.contains("Mirrored "), "calibrate ended by itself before the signal: " + out);
        requireOnSourceWritingOnWithNothingLeft(writer);
        System.out.println("calibrate --mirror stopped by SIGTERM:\n" + out);
    }

    /** calibrate --mirror as a process group of its own, for a signal; its mirror timed up to 600 s (or ready). */
    private StoppedApply inItsOwnProcess(Path state) {
        return StoppedApply.start(
                guest.work(),
                state,
                0,
                "calibrate",
                "--vg",
                VG,
                "--size",
                "64M",
                "--mirror",
                GUEST,
                "--mirror-seconds",
                "600",
                "--state-dir",
                state.toString(),
                "--execute");
    }

    private static Cli calibrate(Path state, String... more) {
        String[] args = {
            "calibrate",
            "--vg",
            VG,
            "--size",
            "64M",
            "--mirror",
            GUEST,
            "--mirror-seconds",
            "5",
            "--state-dir",
            state.toString()
        };
        String[] all = java.util.Arrays.copyOf(args, args.length + more.length);
        System.arraycopy(more, 0, all, args.length, more.length);
        return Cli.run(all);
    }

    /** The test guest started, its writer writing. */
    private GuestWriter writing() throws InterruptedException {
        GuestWriter writer = guest.start("vt-mirrorcal-");
        writer.start();
        writer.awaitWrites(1);
        return writer;
    }

    /**
     * The guest runs on its qcow2 with nothing left ({@link #requireOnSourceWithNothingLeft}), and its
     * writer wrote on and finds every block it wrote.
     */
    private void requireOnSourceWritingOnWithNothingLeft(GuestWriter writer) throws Exception {
        requireOnSourceWithNothingLeft();
        writer.awaitWrites(writer.writes() + 2);
        writer.stop();
        writer.verifyInGuest();
    }

    /** The guest runs on its qcow2 in both definitions, no block job on its disk, no calibration LV in the VG. */
    private void requireOnSourceWithNothingLeft() {
        LibvirtJavaConnection libvirt = guest.libvirt();
        String image = guest.image().toString();
        assertEquals(DomainState.RUNNING, libvirt.state(GUEST));
        String live = Lab.sh("virsh", "dumpxml", GUEST);
        assertEquals(Optional.of(image), MirrorState.sourceOf(live, GUEST, "sda"));
        assertEquals(MirrorState.NONE, MirrorState.of(live, GUEST, "sda"));
        assertEquals(
                Optional.of(image),
                MirrorState.sourceOf(Lab.sh("virsh", "dumpxml", "--inactive", GUEST), GUEST, "sda"));
        assertTrue(
                Lab.sh("virsh", "blockjob", GUEST, "sda", "--info").contains("No current block job"),
                "a block job is left on sda");
        String lvs = Lab.sh("lvm", "lvs", "--noheadings", "-o", "lv_name", VG);
        assertTrue(!lvs.contains("virt-tune-calibration"), "a calibration LV is left: " + lvs);
    }

    /** Waits until the live definition shows the calibration's mirror on the guest's disk. */
    private void awaitMirror() throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (MirrorState.of(guest.libvirt().liveXml(GUEST), GUEST, "sda") == MirrorState.NONE) {
            if (System.nanoTime() > deadline) {
                fail("no block copy showed in the live definition of " + GUEST + " within 120 s");
            }
            Thread.sleep(20);
        }
    }
}
