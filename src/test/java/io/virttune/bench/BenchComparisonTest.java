package io.virttune.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Comparisons of the results scripts/bench/guest-io.sh stored in the lab (guest-io/before.json, after.json). */
class BenchComparisonTest {
    /** Read through the store: the recorded files sit where it keeps a domain named "guest-io". */
    static BenchResult guestIo(String label) {
        return new BenchStore(Recorded.DIR).read("guest-io", label);
    }

    @Test
    void everyProfileAndDirectionMeasuredOnBothSidesIsCompared() throws Exception {
        BenchComparison comparison = BenchComparison.of(guestIo("before"), guestIo("after"));

        assertEquals(
                List.of("seq1m_q8t1_read", "seq1m_q8t1_write", "rnd4k_q32t1_read", "rnd4k_q32t1_write"),
                comparison.changes().stream().map(ProfileChange::label).toList());
        JsonNode before = new ObjectMapper()
                .readTree(Recorded.DIR.resolve("guest-io/before.json").toFile());
        JsonNode after = new ObjectMapper()
                .readTree(Recorded.DIR.resolve("guest-io/after.json").toFile());
        double iopsBefore =
                before.path("profiles").get(2).path("read").path("iops").asDouble();
        double iopsAfter =
                after.path("profiles").get(2).path("read").path("iops").asDouble();
        assertEquals(iopsAfter / iopsBefore, comparison.changes().get(2).iops().ratio(), 1e-12);
        assertTrue(comparison.unmatched().isEmpty());
    }

    @Test
    void theMeanIsTheGeometricMeanOfThePerProfileRatios() throws Exception {
        BenchComparison comparison = BenchComparison.of(guestIo("before"), guestIo("after"));

        double reads = (Math.sqrt(comparison.changes().get(0).iops().ratio()
                                * comparison.changes().get(2).iops().ratio())
                        - 1)
                * 100;
        assertEquals(reads, comparison.meanIopsPercent(Direction.READ).orElseThrow(), 1e-9);
        assertEquals(Percent.format(reads), comparison.meanIopsChange(Direction.READ));
    }

    /** The example: 5.87 and 1.3 times (+487%, +30%) are 2.76 times on average, not +258%; a gain and its loss cancel. */
    @Test
    void oneBigRatioDoesNotOutweighTheOthers() {
        assertEquals(
                176.2,
                Percent.ofRatio(MeanChange.of(java.util.stream.DoubleStream.of(5.87, 1.3))
                        .orElseThrow()),
                0.05);
        assertEquals(1, MeanChange.of(java.util.stream.DoubleStream.of(2, 0.5)).orElseThrow(), 1e-9);
        assertTrue(
                MeanChange.of(java.util.stream.DoubleStream.of(0, Double.NaN)).isEmpty());
    }

    @Test
    void lossesAreNamedMetricByMetric() throws Exception {
        // The recorded "after" run's rnd4k_q32t1_read p99 latency is worse than before's, all else better.
        BenchComparison comparison = BenchComparison.of(guestIo("before"), guestIo("after"));
        ProfileChange rnd = comparison.changes().get(2);

        assertEquals(
                List.of("rnd4k_q32t1_read: p99 latency "
                        + Percent.format(rnd.p99LatencyMicros().percent())),
                comparison.losses());
    }

    @Test
    void readBackwardsEveryGainIsALoss() throws Exception {
        BenchComparison backwards = BenchComparison.of(guestIo("after"), guestIo("before"));

        assertEquals(4, backwards.losses().size());
        assertTrue(
                backwards.losses().get(0).startsWith("seq1m_q8t1_read: IOPS -83%, MB/s -83%, mean latency +"),
                backwards.losses().get(0));
        assertTrue(backwards.meanIopsPercent(Direction.WRITE).orElseThrow() < 0);
    }

    /** Over several domains the mean is again geometric, of each domain's ratio: a gain and its reverse cancel. */
    @Test
    void aFleetsMeanIsTheGeometricMeanOfItsDomainsRatios() throws Exception {
        BenchComparison forwards = BenchComparison.of(guestIo("before"), guestIo("after"));
        BenchComparison backwards = BenchComparison.of(guestIo("after"), guestIo("before"));

        Comparisons both = new Comparisons(List.of(forwards, backwards), List.of());
        Comparisons one = new Comparisons(List.of(forwards), List.of());

        assertEquals(1, both.meanIopsRatio(Direction.READ).orElseThrow(), 1e-12);
        assertEquals("0%", both.meanIopsChange(Direction.READ));
        assertEquals(
                forwards.meanIopsRatio(Direction.WRITE).orElseThrow(),
                one.meanIopsRatio(Direction.WRITE).orElseThrow(),
                1e-12);
        assertEquals(forwards.meanIopsChange(Direction.WRITE), one.meanIopsChange(Direction.WRITE));
    }

    @Test
    void profilesOnOneSideOnlyAreListedNotCompared() throws Exception {
        BenchResult full = BenchStoreTest.result("vt-bench", "full");

        BenchComparison comparison = BenchComparison.of(guestIo("before"), full);

        assertEquals(4, comparison.changes().size());
        assertEquals(
                List.of(
                        "seq1m_q1t1_read (only in full)",
                        "seq1m_q1t1_write (only in full)",
                        "rnd4k_q1t1_read (only in full)",
                        "rnd4k_q1t1_write (only in full)",
                        "rnd4k_q64t1_mix75 (only in full)"),
                comparison.unmatched());
    }

    @Test
    void percentagesAreSignedWholeNumbers() {
        assertEquals("+58%", Percent.format(57.6));
        assertEquals("-10%", Percent.format(-10.4));
        assertEquals("0%", Percent.format(0.4));
        assertEquals("n/a", Percent.format(Double.NaN));
        assertEquals("n/a", Percent.format(new Change(0, 5, false).percent()));
    }

    /**
     * Two runs of an unchanged guest: each profile's five runs spread, and the two sides' ranges
     * overlap: no gain and no loss, though the averages differ. A real change stands apart.
     */
    @Test
    void changesWhoseRunsOverlapAreWithinNoiseAndNoLoss() {
        ProfileResult before = fiveRuns(1000, 1100, 950, 1050, 1000);
        ProfileResult same = fiveRuns(980, 1060, 1020, 940, 990);
        ProfileResult faster = fiveRuns(1900, 2000, 2100, 1950, 2050);

        BenchComparison unchanged = BenchComparison.of(side("before", before), side("again", same));
        BenchComparison changed = BenchComparison.of(side("before", before), side("after", faster));

        Change iops = unchanged.changes().get(0).iops();
        assertTrue(iops.withinNoise() && iops.percent() < -0.5, iops.toString());
        assertEquals(List.of(), unchanged.losses());
        assertTrue(
                !changed.changes().get(0).iops().withinNoise(),
                changed.changes().get(0).iops().toString());
        assertEquals(
                List.of("rnd4k_q32t1_read: IOPS -49%, MB/s -49%, mean latency +96%, p99 latency +96%"),
                BenchComparison.of(side("after", faster), side("before", before))
                        .losses());
    }

    private static ProfileResult fiveRuns(double... iops) {
        List<ProfileResult> runs = java.util.Arrays.stream(iops)
                .mapToObj(value -> ProfileResult.single(
                        "rnd4k_q32t1_read",
                        "randread",
                        "4k",
                        32,
                        new IoMetrics(value, value * 4096, 32e6 / value, 64e6 / value),
                        null))
                .toList();
        return ProfileResult.ofRuns(runs);
    }

    private static BenchResult side(String label, ProfileResult profile) {
        BenchResult template = BenchStoreTest.result("vt-bench", label);
        return new BenchResult(
                template.schema(),
                template.domain(),
                label,
                template.time(),
                template.disk(),
                "default",
                template.sizeBytes(),
                5,
                5,
                template.target(),
                false,
                template.fioVersion(),
                List.of(profile),
                template.host());
    }
}
