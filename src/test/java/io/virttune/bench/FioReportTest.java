package io.virttune.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.VirtTuneException;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * fio 3.33's JSON reports, recorded from real runs on this machine; host-full-32m.json is one run
 * of every section of an earlier job file, which also had a 75/25 random mix.
 */
class FioReportTest {

    @Test
    void readsEveryProfileOfAFullRunInJobFileOrder() {
        FioReport report = FioReport.parse(Recorded.text("host-full-32m.json"), "on the host");

        assertEquals("fio-3.33", report.fioVersion());
        assertEquals(
                List.of(
                        "seq1m_q8t1_read",
                        "seq1m_q8t1_write",
                        "seq1m_q1t1_read",
                        "seq1m_q1t1_write",
                        "rnd4k_q32t1_read",
                        "rnd4k_q32t1_write",
                        "rnd4k_q1t1_read",
                        "rnd4k_q1t1_write",
                        "rnd4k_q64t1_mix75"),
                report.profiles().stream().map(ProfileResult::name).toList());
        ProfileResult seq = report.profiles().get(0);
        assertEquals("read", seq.rw());
        assertEquals("1m", seq.blockSize());
        assertEquals(8, seq.iodepth());
        assertEquals(969.69697, seq.read().iops(), 1e-6);
        assertEquals(1016.800969, seq.read().megabytesPerSecond(), 1e-6);
        assertEquals(7288.9184375, seq.read().meanLatencyMicros(), 1e-6);
        assertEquals(13303.808, seq.read().p99LatencyMicros(), 1e-6);
        assertNull(seq.write());
    }

    @Test
    void theMixedProfileHasBothDirections() {
        ProfileResult mix = FioReport.parse(Recorded.text("host-full-32m.json"), "on the host")
                .profiles()
                .get(8);

        assertEquals("rnd4k_q64t1_mix75", mix.name());
        assertEquals(64, mix.iodepth());
        assertEquals(75765.432099, mix.read().iops(), 1e-6);
        assertEquals(25370.37037, mix.write().iops(), 1e-6);
        assertEquals(962.56, mix.write().p99LatencyMicros(), 1e-6);
    }

    @Test
    void aJobWithAnErrorFailsTheRun() {
        VirtTuneException e = assertThrows(
                VirtTuneException.class, () -> FioReport.parse(Recorded.text("host-fail.json"), "on the host"));

        assertEquals("fio on the host: job seq1m_q8t1_write failed with error 1", e.getMessage());
    }

    @Test
    void outputThatIsNotJsonIsReportedAsSuch() {
        VirtTuneException e = assertThrows(
                VirtTuneException.class, () -> FioReport.parse(Recorded.text("host-fail.stderr"), "in domain 'web1'"));

        assertTrue(e.getMessage().startsWith("fio in domain 'web1' printed no JSON report: "), e.getMessage());
    }
}
