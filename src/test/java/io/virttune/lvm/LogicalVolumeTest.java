package io.virttune.lvm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class LogicalVolumeTest {
    private static final long GIB = 1L << 30;

    private static LogicalVolume pool(long size, OptionalDouble dataPercent) {
        return new LogicalVolume(
                "vg",
                "pool",
                size,
                "thin-pool",
                "twi-aotz--",
                OptionalLong.empty(),
                Optional.empty(),
                4L << 20,
                Optional.of(true),
                dataPercent,
                OptionalDouble.of(0),
                64L << 20,
                List.of());
    }

    @Test
    void aPoolsFreeDataCountsTheHalfHundredthLvsMayHaveRoundedAwayAsUsed() {
        // 10 GiB at 50.00%: up to 50.005% used, 536,871 bytes (0.005% of 10 GiB, rounded up) less than half.
        assertEquals(5 * GIB - 536_871, pool(10 * GIB, OptionalDouble.of(50)).freeDataBytes());
        assertEquals(10 * GIB - 536_871, pool(10 * GIB, OptionalDouble.of(0)).freeDataBytes());
    }

    @Test
    void aFullPoolHasNoFreeDataAndNeverLess() {
        assertEquals(0, pool(10 * GIB, OptionalDouble.of(100)).freeDataBytes());
        assertEquals(0, pool(10 * GIB, OptionalDouble.of(99.999)).freeDataBytes());
    }

    @Test
    void aPoolWhoseUsageLvsDidNotReportCountsAsFull() {
        assertEquals(0, pool(10 * GIB, OptionalDouble.empty()).freeDataBytes());
    }

    @Test
    void itsNameIsVgSlashLvAndItsDeviceUnderDev() {
        LogicalVolume volume = pool(GIB, OptionalDouble.empty());
        assertEquals(new VolumeName("vg", "pool"), volume.volumeName());
        assertEquals("vg/pool", volume.volumeName().toString());
        assertEquals("/dev/vg/pool", volume.devicePath());
    }
}
