package io.virttune.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.virttune.VirtTuneException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** KDiskMark's schedule: every profile its own fio run, repeated, a pause between profiles, average and peak kept. */
class ProfileRunsTest {
    private static final BenchSettings DEFAULT = new BenchSettings(
            ProfileSet.DEFAULT, 1L << 30, 5, 3, BenchTarget.scratchFile(BenchTarget.DEFAULT_FILE), "fio");

    private final List<String> asked = new ArrayList<>();
    private final List<Duration> pauses = new ArrayList<>();
    private final List<String> progress = new ArrayList<>();

    /** Answers each run with one job of that section, its IOPS the run's number (1, 2, 3, ...) times 100. */
    private FioReport answer(FioRun run) {
        asked.add(run.section());
        double n = asked.size();
        IoMetrics metrics = new IoMetrics(n * 100, n * 100 * 4096, 1000 / n, 5000 / n);
        boolean read = run.section().endsWith("read");
        return new FioReport(
                "fio-3.33",
                List.of(ProfileResult.single(
                        run.section(),
                        read ? "randread" : "randwrite",
                        "4k",
                        32,
                        read ? metrics : null,
                        read ? null : metrics)));
    }

    private List<ProfileResult> run(BenchSettings settings) {
        return new ProfileRuns(FioJobFile.bundled(), settings, pauses::add, progress::add).run(this::answer, "guest");
    }

    @Test
    void eachProfileRunsLoopsTimesInOrderWithAPauseBetweenProfiles() {
        List<ProfileResult> results = run(DEFAULT);

        assertEquals(
                ProfileSet.DEFAULT.sections(),
                results.stream().map(ProfileResult::name).toList());
        assertEquals(8 * 3, asked.size());
        assertEquals(
                List.of("seq1m_q8t1_read", "seq1m_q8t1_read", "seq1m_q8t1_read", "seq1m_q8t1_write"),
                asked.subList(0, 4));
        assertEquals(7, pauses.size(), "between profiles, not after the last and not between runs of one profile");
        assertEquals(Duration.ofSeconds(5), pauses.get(0));
        assertEquals("bench: guest seq1m_q8t1_read run 2/3", progress.get(1));
    }

    @Test
    void theRunsAverageAndPeakAreKDiskMarks() {
        ProfileResult first = run(DEFAULT).get(0);

        // Runs 1, 2, 3: IOPS 100, 200, 300; mean latency 1000, 500, 333 us.
        assertEquals(200, first.read().iops(), 1e-9);
        assertEquals(300, first.readPeak().iops(), 1e-9);
        assertEquals((1000 + 500 + 1000 / 3.0) / 3, first.read().meanLatencyMicros(), 1e-9);
        assertEquals(1000 / 3.0, first.readPeak().meanLatencyMicros(), 1e-9, "the peak latency is the lowest");
        assertEquals(5000 / 3.0, first.readPeak().p99LatencyMicros(), 1e-9);
        assertNull(first.write());
        assertNull(first.writePeak());
    }

    @Test
    void quickRunsOnceWithoutPauses() {
        BenchSettings quick = new BenchSettings(ProfileSet.QUICK, 64L << 20, 5, 1, DEFAULT.target(), "fio");

        List<ProfileResult> results = run(quick);

        assertEquals(ProfileSet.QUICK.sections(), asked);
        assertEquals(List.of(), pauses);
        assertEquals(results.get(0).read(), results.get(0).readPeak());
        assertEquals(
                Duration.ofSeconds(4 * 5),
                new ProfileRuns(FioJobFile.bundled(), quick, pauses::add, progress::add).expected());
        assertEquals(
                Duration.ofSeconds(8 * 3 * 5 + 7 * 5),
                new ProfileRuns(FioJobFile.bundled(), DEFAULT, pauses::add, progress::add).expected());
    }

    @Test
    void aReportOfAnotherSectionIsAFailure() {
        VirtTuneException e = assertThrows(
                VirtTuneException.class,
                () -> new ProfileRuns(FioJobFile.bundled(), DEFAULT, pauses::add, progress::add)
                        .run(run -> answer(FioRun.of(FioJobFile.bundled(), DEFAULT, "rnd4k_q1t1_read")), "host"));

        assertEquals("fio host was asked for section seq1m_q8t1_read and reported [rnd4k_q1t1_read]", e.getMessage());
    }
}
