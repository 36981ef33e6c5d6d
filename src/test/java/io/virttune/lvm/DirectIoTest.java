package io.virttune.lvm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.VirtTuneException;
import io.virttune.process.ScriptedProcessRunner;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** dd's passes: its statistics read back, whole or cut short by the time bound, and its failures said. */
class DirectIoTest {
    private static final Duration MINUTE = Duration.ofSeconds(60);

    @Test
    void gnuDdsStatisticsGiveTheBytesAndTheSeconds() {
        assertEquals(
                Optional.of(new DirectIo.Pass(1073741824L, 5.12)),
                DirectIo.statistics("256+0 records in\n256+0 records out\n"
                        + "1073741824 bytes (1.1 GB, 1.0 GiB) copied, 5.12 s, 210 MB/s\n"));
        assertEquals(209715200L, new DirectIo.Pass(1073741824L, 5.12).bytesPerSecond());
        assertEquals(Optional.empty(), DirectIo.statistics("dd: failed to open '/dev/x': No such file or directory"));
    }

    @Test
    void aPassStoppedByItsTimeBoundIsMeasuredOnWhatItMoved() {
        ScriptedProcessRunner runner = new ScriptedProcessRunner()
                .reply(
                        124,
                        "",
                        "40+0 records in\n40+0 records out\n"
                                + "167772160 bytes (168 MB, 160 MiB) copied, 60.0012 s, 2.8 MB/s\n");

        DirectIo.Pass pass =
                new DirectIo(runner).write("/dev/vg/lv", 1L << 30, MINUTE).pass();

        assertEquals(167772160L, pass.bytes());
        assertEquals(60.0012, pass.seconds());
    }

    @Test
    void aFailedPassIsAnErrorSayingWhatDdSaid() {
        ScriptedProcessRunner runner =
                new ScriptedProcessRunner().fail(1, "dd: error reading '/dev/vg/lv': Input/output error\n");

        VirtTuneException e =
                assertThrows(VirtTuneException.class, () -> new DirectIo(runner).read("/dev/vg/lv", 1L << 30, MINUTE));

        assertEquals(
                "Could not read /dev/vg/lv with dd: exit code 1 (dd: error reading '/dev/vg/lv': Input/output error)",
                e.getMessage());
    }

    @Test
    void aPassThatReportsNothingMovedTimesNothing() {
        ScriptedProcessRunner runner = new ScriptedProcessRunner().succeed("");

        VirtTuneException e = assertThrows(
                VirtTuneException.class,
                () -> new DirectIo(runner).read("/dev/vg/lv", 1L << 30, MINUTE).pass());

        assertTrue(e.getMessage().startsWith("dd's read of /dev/vg/lv reported nothing moved"), e.getMessage());
    }

    @Test
    void aScatteredPassIsTimedByQemuImgBenchAndOneStoppedByItsTimeBoundMeasuresNothing() {
        ScriptedProcessRunner runner = new ScriptedProcessRunner()
                .reply(
                        0,
                        "Sending 2048 write requests, 65536 bytes each, 16 in parallel (starting at offset 0, step"
                                + " size 663552000)\nRun completed in 5.120 seconds.\n",
                        "")
                .reply(124, "Sending 2048 write requests, 65536 bytes each, 16 in parallel\n", "");
        DirectIo io = new DirectIo(runner);

        assertEquals(
                new DirectIo.Pass(128L << 20, 5.12),
                io.scatteredWrite("/dev/vg/lv", 1L << 30, 128L << 20, MINUTE).pass());
        VirtTuneException e = assertThrows(
                VirtTuneException.class,
                () -> io.scatteredWrite("/dev/vg/lv", 1L << 30, 128L << 20, MINUTE)
                        .pass());
        assertTrue(
                e.getMessage()
                        .startsWith("qemu-img bench's 2048 scattered writes of 64 KiB to /dev/vg/lv were stopped by"
                                + " their time bound"),
                e.getMessage());
    }

    @Test
    void theScatteredStrideSharesNoFactorWithTheGranules() {
        assertEquals(10125, DirectIo.stride(16384), "0.618 of 16384 granules, odd already");
        assertEquals(619, DirectIo.stride(1000), "618 and 2 share 2; 619 is prime");
        assertEquals(1, DirectIo.stride(1), "one granule: each request on it");
    }
}
