package io.virttune.inspect;

import io.virttune.lvm.CalibrationVolume;
import java.util.Optional;

/**
 * A calibration's temporary LV on the host, with whether the virt-tune that made it still runs
 * there: empty when the source cannot tell (a recorded host).
 */
public record CalibrationLeftover(CalibrationVolume volume, Optional<Boolean> runs) {}
