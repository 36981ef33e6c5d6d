package io.virttune.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The fio commands a bench runs, and the bundled job file they name. */
class FioRunTest {
    private final FioJobFile jobFile = FioJobFile.bundled();

    @Test
    void theJobFileHasCrystalDiskMarksFourProfilesReadAndWrite() {
        assertEquals(
                List.of(
                        "seq1m_q8t1_read",
                        "seq1m_q8t1_write",
                        "seq1m_q1t1_read",
                        "seq1m_q1t1_write",
                        "rnd4k_q32t1_read",
                        "rnd4k_q32t1_write",
                        "rnd4k_q1t1_read",
                        "rnd4k_q1t1_write"),
                jobFile.sections());
        for (String option : List.of(
                "ioengine=libaio",
                "direct=1",
                "randrepeat=0",
                "end_fsync=1",
                "runtime=${VT_RUNTIME}",
                "size=${VT_SIZE}")) {
            assertTrue(jobFile.text().contains("\n" + option + "\n"), option);
        }
        assertTrue(
                !jobFile.text().contains("loops=") && !jobFile.text().contains("time_based"),
                "one pass over the size per run, at most the runtime: as KDiskMark runs fio");
    }

    @Test
    void theDefaultIsKDiskMarksDefaultProfile() {
        ProfileSet set = ProfileSet.DEFAULT;

        assertEquals(jobFile.sections(), set.sections());
        assertEquals(1L << 30, set.sizeBytes());
        assertEquals(5, set.runtimeSeconds());
        assertEquals(5, set.loops());
        assertEquals(5, set.intervalSeconds());
    }

    @Test
    void quickSelectsTheHeadlineSectionsOnceWithoutPauses() {
        assertTrue(jobFile.sections().containsAll(ProfileSet.QUICK.sections()));
        assertEquals(
                List.of(64L << 20, 5L, 1L, 0L),
                List.of(
                        ProfileSet.QUICK.sizeBytes(),
                        (long) ProfileSet.QUICK.runtimeSeconds(),
                        (long) ProfileSet.QUICK.loops(),
                        (long) ProfileSet.QUICK.intervalSeconds()));
    }

    @Test
    void eachRunSelectsOneSectionWithTheSettingsAsEnvironment() {
        BenchSettings settings = new BenchSettings(
                ProfileSet.DEFAULT, 1L << 30, 5, 5, BenchTarget.scratchFile(BenchTarget.DEFAULT_FILE), "fio");

        FioRun run = FioRun.of(jobFile, settings, "rnd4k_q1t1_write");

        assertEquals(List.of("--output-format=json", "--section=rnd4k_q1t1_write", "-"), run.arguments("-"));
        assertEquals(
                List.of("VT_FILE=/var/tmp/virt-tune-bench.dat", "VT_SIZE=1073741824", "VT_RUNTIME=5"),
                run.environment());
        assertEquals(5 + 150, settings.timeoutSeconds());
    }

    @Test
    void theHostCeilingRunsTheSameJobsOnItsOwnTargetWithoutAShell() {
        BenchSettings settings = new BenchSettings(
                ProfileSet.QUICK, 64L << 20, 5, 1, BenchTarget.scratchFile(BenchTarget.DEFAULT_FILE), "fio");
        FioRun run = FioRun.of(jobFile, settings, "seq1m_q8t1_read").withTarget("/srv/scratch.dat");

        assertEquals(
                List.of(
                        "env",
                        "VT_FILE=/srv/scratch.dat",
                        "VT_SIZE=67108864",
                        "VT_RUNTIME=5",
                        "fio",
                        "--output-format=json",
                        "--section=seq1m_q8t1_read",
                        "/tmp/job.fio"),
                HostCeiling.argv(run, Path.of("/tmp/job.fio")));
    }
}
