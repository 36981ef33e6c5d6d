package io.virttune.bench;

import java.util.Locale;

/** Signed whole percentages as the articles write them: {@code +58%}, {@code -10%}, {@code 0%}, {@code n/a}. */
public final class Percent {
    private Percent() {}

    /** A ratio (after / before) as a change in percent: 1.58 is +58, 0.9 is -10. */
    public static double ofRatio(double ratio) {
        return (ratio - 1) * 100;
    }

    public static String format(double percent) {
        if (Double.isNaN(percent)) {
            return "n/a";
        }
        long rounded = Math.round(percent);
        return rounded == 0 ? "0%" : String.format(Locale.ROOT, "%+d%%", rounded);
    }
}
