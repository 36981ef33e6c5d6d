package io.virttune.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.virttune.VirtTuneException;
import org.junit.jupiter.api.Test;

/**
 * iostat -x figures from two real diskstats samples taken in the lab around a guest's fio run
 * (kernel 6.1, 20 fields per line). Expected values are the iostat formulas worked by hand.
 */
class IostatFiguresTest {
    private final DiskStatsSample before = DiskStatsSample.parse(Recorded.text("lab/diskstats.before"));
    private final DiskStatsSample after = DiskStatsSample.parse(Recorded.text("lab/diskstats.after"));

    @Test
    void ubdaLikeIostat() {
        // ubda: writes 875 -> 886, sectors written 54389 -> 54717, ms writing 602 -> 611, ms doing
        // I/O 150 -> 150, weighted ms 3055 -> 3065 (diskstats fields 8, 10, 11, 13, 14); uptime 52.53 -> 66.13.
        IostatFigures ubda = IostatFigures.between(before, after, "ubda");

        assertEquals(13.6, ubda.seconds(), 1e-9);
        assertEquals(0, ubda.readsPerSecond(), 1e-9);
        assertEquals(11 / 13.6, ubda.writesPerSecond(), 1e-9);
        assertEquals(328 / 2.0 / 13.6, ubda.writeKBPerSecond(), 1e-9);
        assertEquals(9 / 11.0, ubda.writeAwaitMs(), 1e-9);
        assertEquals(9 / 11.0, ubda.awaitMs(), 1e-9);
        assertEquals(0, ubda.utilPercent(), 1e-9);
        assertEquals(10 / 13600.0, ubda.queueSize(), 1e-9);
    }

    @Test
    void aDeviceMissingFromASampleIsNamed() {
        VirtTuneException e = assertThrows(VirtTuneException.class, () -> IostatFigures.between(before, after, "sdz"));

        assertEquals("no device sdz in /proc/diskstats", e.getMessage());
    }
}
