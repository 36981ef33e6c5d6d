package io.virttune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.testing.Cli;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * calibrate's command line through Main: what it needs before it reads any LVM (the measurement
 * itself, its dry run and its refusals are VgCalibrationTest's, on a scripted LVM, and the lab's).
 */
class CalibrateCommandTest {
    @TempDir
    Path temp;

    @Test
    void aVolumeGroupOrAThinPoolIsRequiredAndOnlyOne() {
        Cli none = Cli.run("calibrate", "--state-dir", temp.toString());
        Cli both = Cli.run("calibrate", "--vg", "vg", "--thin-pool", "vg/pool", "--state-dir", temp.toString());
        Cli malformed = Cli.run("calibrate", "--thin-pool", "pool", "--state-dir", temp.toString());

        assertEquals(2, none.exitCode(), none.transcript());
        assertTrue(none.err().startsWith("virt-tune: Missing required argument"), none.err());
        assertEquals(2, both.exitCode(), both.transcript());
        assertEquals(2, malformed.exitCode(), malformed.transcript());
        assertTrue(malformed.err().contains("--thin-pool takes VG/POOL, got 'pool'"), malformed.err());
    }

    @Test
    void aSizeTooSmallToTimeADeviceByIsAUsageErrorBeforeAnythingRuns() {
        Cli cli = Cli.run("calibrate", "--vg", "vg", "--size", "1M", "--state-dir", temp.toString());

        assertEquals(2, cli.exitCode(), cli.transcript());
        assertTrue(
                cli.err().contains("--size 1 MiB is too small to measure a device's pace by: give at least 64 MiB"),
                cli.err());
    }

    @Test
    void aMirrorWithoutADomainOrTimedForNoTimeIsAUsageErrorBeforeAnythingRuns() {
        Cli noDomain = Cli.run("calibrate", "--vg", "vg", "--mirror", ":vda", "--state-dir", temp.toString());
        Cli noTime = Cli.run(
                "calibrate",
                "--vg",
                "vg",
                "--mirror",
                "web01",
                "--mirror-seconds",
                "0",
                "--state-dir",
                temp.toString());

        assertEquals(2, noDomain.exitCode(), noDomain.transcript());
        assertTrue(noDomain.err().contains("--mirror :vda: give a domain"), noDomain.err());
        assertEquals(2, noTime.exitCode(), noTime.transcript());
        assertTrue(noTime.err().contains("--mirror-seconds must be at least 1, not 0"), noTime.err());
    }

    @Test
    void anUnusableStateDirectoryIsRefusedBeforeAnythingRuns() throws Exception {
        Path file = java.nio.file.Files.writeString(temp.resolve("file"), "");

        Cli cli = Cli.run("calibrate", "--vg", "vg", "--state-dir", file.toString());

        assertEquals(3, cli.exitCode(), cli.transcript());
        assertTrue(cli.err().contains("cannot be virt-tune's state directory"), cli.err());
    }

    @Test
    void itsHelpSaysItIsADryRunUnlessExecuteAndWhatItLeavesBehind() {
        Cli cli = Cli.run("calibrate", "--help");

        assertEquals(0, cli.exitCode(), cli.transcript());
        assertTrue(cli.out().contains("A dry run unless --execute."), cli.out());
        assertTrue(cli.out().replace('\n', ' ').contains("tagged virt-tune and virt-tune-calibration"), cli.out());
    }
}
