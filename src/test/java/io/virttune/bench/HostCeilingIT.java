package io.virttune.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.VirtTuneException;
import io.virttune.process.LocalProcessRunner;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The host ceiling with the real fio (a TEST_PACKAGE) on a scratch file in target/, which must not outlive the run. */
class HostCeilingIT {
    private static final Path SCRATCH = Path.of("target/host-ceiling-it.dat").toAbsolutePath();

    @Test
    void runsTheQuickProfilesOnTheHostAndRemovesTheFile() throws Exception {
        Files.deleteIfExists(SCRATCH);
        BenchSettings settings = new BenchSettings(
                ProfileSet.QUICK, 8L << 20, 1, 1, BenchTarget.scratchFile(BenchTarget.DEFAULT_FILE), "fio");

        List<ProfileResult> ceiling = new HostCeiling(new LocalProcessRunner(), HostScratchDeviceTest.NOTHING_CLAIMS)
                .run(runs(settings), SCRATCH.toString());

        assertEquals(
                ProfileSet.QUICK.sections(),
                ceiling.stream().map(ProfileResult::name).toList());
        assertTrue(ceiling.get(2).read().iops() > 0);
        assertTrue(ceiling.get(2).readPeak().iops() >= ceiling.get(2).read().iops());
        assertFalse(Files.exists(SCRATCH), "the scratch file is removed");
    }

    @Test
    void fioFailingOnTheHostIsReportedWithItsError() {
        BenchSettings settings = new BenchSettings(
                ProfileSet.QUICK, 8L << 20, 1, 1, BenchTarget.scratchFile(BenchTarget.DEFAULT_FILE), "fio");

        VirtTuneException e = assertThrows(
                VirtTuneException.class,
                () -> new HostCeiling(new LocalProcessRunner(), HostScratchDeviceTest.NOTHING_CLAIMS)
                        .run(runs(settings), "/proc/version"));

        assertTrue(e.getMessage().contains("fio --output-format=json"), e.getMessage());
        assertTrue(e.getMessage().contains("func=unlink, error=Operation not permitted"), e.getMessage());
        assertTrue(e.getMessage().contains("/proc/version"), e.getMessage());
    }

    private static ProfileRuns runs(BenchSettings settings) {
        return new ProfileRuns(FioJobFile.bundled(), settings, ProfileRuns.Pause.THREAD_SLEEP, line -> {});
    }
}
