package io.virttune.bench;

import java.util.OptionalDouble;
import java.util.stream.DoubleStream;

/**
 * The mean of several changes, as the geometric mean of their ratios: one profile 5.87 times as
 * fast and another 1.3 times is 2.76 times on average (+176%), where the mean of the percentages
 * (+487% and +30%) says +258% and lets one big ratio outweigh every other; a gain and the same
 * loss (2x, then 0.5x) average to no change, as they should.
 */
public final class MeanChange {
    private MeanChange() {}

    /** The mean change in percent of {@code ratios} (after / before), those not positive and finite left out. */
    public static OptionalDouble percent(DoubleStream ratios) {
        OptionalDouble logs = ratios.filter(ratio -> ratio > 0 && Double.isFinite(ratio))
                .map(Math::log)
                .average();
        return logs.isPresent() ? OptionalDouble.of((Math.exp(logs.getAsDouble()) - 1) * 100) : OptionalDouble.empty();
    }

    /** The mean of changes given in percent (+58 for 1.58 times), as {@link #percent(DoubleStream)} does ratios. */
    public static OptionalDouble ofPercents(DoubleStream percents) {
        return percent(percents.map(percent -> 1 + percent / 100));
    }
}
