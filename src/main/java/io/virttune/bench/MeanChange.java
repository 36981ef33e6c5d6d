package io.virttune.bench;

import java.util.OptionalDouble;
import java.util.stream.DoubleStream;

/**
 * The mean of several changes, as the geometric mean of their ratios.
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
