package io.virttune.bench;

/**
 * One metric before and after; {@code lowerIsBetter} for latencies, so a gain is always told from
 * a loss; {@code withinNoise} when the ranges the two sides' runs spread over overlap, so the
 * difference of their averages is no gain and no loss.
 */
public record Change(double before, double after, boolean lowerIsBetter, boolean withinNoise) {

    /** A change whose runs' spread is not known (one run a side, or results stored without it). */
    public Change(double before, double after, boolean lowerIsBetter) {
        this(before, after, lowerIsBetter, false);
    }

    /** The relative change in percent (+58 means 1.58 times); NaN when before is zero. */
    public double percent() {
        return before == 0 ? Double.NaN : (after - before) / before * 100;
    }

    /** after / before; NaN when before is zero. */
    public double ratio() {
        return before == 0 ? Double.NaN : after / before;
    }

    /**
     * True when after is worse than before by at least half a percent (what rounds to a visible
     * -1%), and the runs' ranges do not overlap.
     */
    public boolean isLoss() {
        double percent = percent();
        return !withinNoise && !Double.isNaN(percent) && (lowerIsBetter ? percent >= 0.5 : percent <= -0.5);
    }
}
