package io.virttune.lvm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.virttune.process.ProcessIdentity;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** The calibration LVs of an LVM report, by their tag and a name that spells their maker. */
class CalibrationVolumeTest {
    private static LogicalVolume tagged(String name) {
        return new LogicalVolume(
                "vg0",
                name,
                1L << 30,
                "linear",
                "-wi-a-----",
                OptionalLong.empty(),
                Optional.empty(),
                0,
                Optional.empty(),
                OptionalDouble.empty(),
                OptionalDouble.empty(),
                0,
                List.of(CalibrationVolume.TAG));
    }

    @Test
    void aNameWithMoreDigitsThanAProcessHasIsNoCalibrationsAndStopsNothing() {
        LvmReport report = new LvmReport(
                List.of(),
                List.of(
                        tagged("virt-tune-calibration-99999999999999999999"),
                        tagged("virt-tune-calibration-1234-99999999999999999999"),
                        tagged("virt-tune-calibration-1234-98765")),
                List.of());

        assertEquals(
                List.of(ProcessIdentity.of(1234, 98765)),
                CalibrationVolume.in(report).stream()
                        .map(CalibrationVolume::maker)
                        .toList());
    }
}
