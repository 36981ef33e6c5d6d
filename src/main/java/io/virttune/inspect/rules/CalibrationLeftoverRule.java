package io.virttune.inspect.rules;

import io.virttune.inspect.CalibrationLeftover;
import io.virttune.inspect.Finding;
import io.virttune.inspect.HostFacts;
import io.virttune.inspect.Severity;
import io.virttune.lvm.CalibrationVolume;
import java.util.List;

/**
 * A calibration's temporary LV: while its virt-tune runs, a calibration is measuring; once it does
 * not, a killed calibrate left it (a SIGKILL runs no cleanup) and it holds space for nothing.
 */
final class CalibrationLeftoverRule implements Rule {
    @Override
    public List<Finding> check(HostFacts host) {
        return host.calibrationLeftovers().stream()
                .map(CalibrationLeftoverRule::finding)
                .toList();
    }

    private static Finding finding(CalibrationLeftover left) {
        CalibrationVolume volume = left.volume();
        String made = "tagged " + CalibrationVolume.TAG + ", made by virt-tune ("
                + volume.maker().describe() + ")";
        if (left.runs().orElse(false)) {
            return Finding.host(
                    "lvm.calibration-volume",
                    Severity.INFO,
                    "LV " + volume.volume() + " is a calibration's, measuring now",
                    made + ", which runs",
                    "nothing: the calibrate removes it when it ends");
        }
        return Finding.host(
                "lvm.calibration-leftover",
                Severity.WARNING,
                "LV " + volume.volume() + " was left by a calibration that did not finish",
                made + left.runs().map(runs -> ", which no longer runs").orElse(", whether it runs is not known here"),
                "on the host, " + CalibrationVolume.removal(volume.volume().vg())
                        + "; while that pid runs, calibrate refuses and cleanup keeps the LV");
    }
}
