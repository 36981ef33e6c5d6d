package io.virttune.text;

import java.util.Locale;

/** Formats byte counts the way LVM and operators write them: binary units, at most one decimal. */
public final class Bytes {
    private static final String[] UNITS = {"B", "KiB", "MiB", "GiB", "TiB", "PiB"};

    private Bytes() {}

    public static String format(long bytes) {
        double value = bytes;
        int unit = 0;
        while (Math.abs(value) >= 1024 && unit < UNITS.length - 1) {
            value /= 1024;
            unit++;
        }
        if (unit == 0 || value == Math.rint(value)) {
            return String.format(Locale.ROOT, "%d %s", (long) value, UNITS[unit]);
        }
        return String.format(Locale.ROOT, "%.1f %s", value, UNITS[unit]);
    }
}
