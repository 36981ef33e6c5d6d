package io.virttune.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The fio command a bench runs, and the bundled job file it names. */
class FioRunTest {
  private final FioJobFile jobFile = FioJobFile.bundled();

  @Test
  void theJobFileHasCrystalDiskMarksProfilesAndTheMix() {
    assertEquals(List.of("seq1m_q8t1_read", "seq1m_q8t1_write", "seq1m_q1t1_read", "seq1m_q1t1_write",
        "rnd4k_q32t1_read", "rnd4k_q32t1_write", "rnd4k_q1t1_read", "rnd4k_q1t1_write", "rnd4k_q64t1_mix75"),
        jobFile.sections());
    assertTrue(jobFile.text().contains("direct=1\n"));
    assertTrue(jobFile.text().contains("ioengine=libaio\n"));
  }

  @Test
  void quickSelectsSectionsThatExist() {
    assertTrue(jobFile.sections().containsAll(ProfileSet.QUICK.sections()));
  }

  @Test
  void aFullRunSelectsNothingAndCountsEveryJob() {
    BenchSettings settings = new BenchSettings(ProfileSet.FULL, 1L << 30, 30, 5,
        BenchTarget.scratchFile(BenchTarget.DEFAULT_FILE), "fio");

    FioRun run = FioRun.of(jobFile, settings);

    assertEquals(List.of("--output-format=json", "-"), run.arguments("-"));
    assertEquals(List.of("VT_FILE=/var/tmp/virt-tune-bench.dat", "VT_SIZE=1073741824", "VT_RUNTIME=30",
        "VT_LOOPS=5"), run.environment());
    assertEquals(9, run.jobs());
    assertEquals(9 * 60 + 120, settings.timeoutSeconds(run.jobs()));
  }

  @Test
  void theHostCeilingRunsTheSameJobsOnItsOwnTargetWithoutAShell() {
    BenchSettings settings = new BenchSettings(ProfileSet.QUICK, 64L << 20, 5, 1,
        BenchTarget.scratchFile(BenchTarget.DEFAULT_FILE), "fio");
    FioRun run = FioRun.of(jobFile, settings).withTarget("/srv/scratch.dat");

    assertEquals(List.of("env", "VT_FILE=/srv/scratch.dat", "VT_SIZE=67108864", "VT_RUNTIME=5", "VT_LOOPS=1", "fio",
        "--output-format=json", "--section=seq1m_q8t1_read", "--section=seq1m_q8t1_write",
        "--section=rnd4k_q32t1_read", "--section=rnd4k_q32t1_write", "/tmp/job.fio"),
        HostCeiling.argv(run, Path.of("/tmp/job.fio")));
  }
}
