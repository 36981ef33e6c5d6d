package io.virttune.lvm;

import io.virttune.process.ProcessIdentity;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A calibration's temporary LV, told by its tag and by its name, which carries the pid and start
 * time of the virt-tune calibrate that made it: what calibrate, inspect and cleanup find a killed
 * run's by.
 */
public record CalibrationVolume(VolumeName volume, ProcessIdentity maker) {
    /** The owner in the LV's tags, as {@code apply.guards.VolumeOwnership} builds them. */
    public static final String OWNER = "calibration";
    /** The owner's tag: {@code lvs @virt-tune-calibration} lists them. */
    public static final String TAG = "virt-tune-" + OWNER;

    /**
     * What removes a killed calibration's LV in {@code vg}, a guest's mirror into it aborted first, in
     * the form the command line takes, every message naming it so: the next calibrate of the VG, which
     * removes no more than such LVs, before cleanup, which removes the host's migrated images too.
     */
    public static String removal(String vg) {
        return "the next virt-tune calibrate --vg " + vg + " --execute (or --thin-pool " + vg + "/POOL) aborts a"
                + " guest's mirror into it and removes it; so does virt-tune cleanup --all --execute, but that also"
                + " removes the source images of every completed migration on the host, after which none can be"
                + " rolled back (its dry run, without --execute, lists them)";
    }

    private static final String PREFIX = "virt-tune-calibration-";
    private static final Pattern NAME = Pattern.compile(Pattern.quote(PREFIX) + "(" + ProcessIdentity.TOKEN + ")");

    /** The LV a calibration of {@code vg} by the virt-tune {@code maker} makes. */
    public static CalibrationVolume of(String vg, ProcessIdentity maker) {
        return new CalibrationVolume(new VolumeName(vg, PREFIX + maker.token()), maker);
    }

    /** Every calibration LV in {@code report}, a running calibration's as well as a killed one's. */
    public static List<CalibrationVolume> in(LvmReport report) {
        return report.logicalVolumes().stream()
                .filter(lv -> lv.hasTag(TAG))
                .flatMap(lv -> {
                    Matcher name = NAME.matcher(lv.name());
                    return name.matches()
                            ? Stream.of(new CalibrationVolume(lv.volumeName(), ProcessIdentity.parse(name.group(1))))
                            : Stream.empty();
                })
                .toList();
    }
}
