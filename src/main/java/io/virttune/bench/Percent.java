package io.virttune.bench;

import java.util.Locale;

/** Signed whole percentages as the articles write them: {@code +58%}, {@code -10%}, {@code 0%}, {@code n/a}. */
public final class Percent {
    private Percent() {}

    public static String format(double percent) {
        if (Double.isNaN(percent)) {
            return "n/a";
        }
        long rounded = Math.round(percent);
        return rounded == 0 ? "0%" : String.format(Locale.ROOT, "%+d%%", rounded);
    }
}
