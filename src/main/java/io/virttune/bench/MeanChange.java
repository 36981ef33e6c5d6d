package io.virttune.bench;

import java.util.OptionalDouble;
import java.util.stream.DoubleStream;

/**
 * The mean of several changes, as the geometric mean of their ratios.
 */
public final class MeanChange {
    private MeanChange() {}

    /** The mean of {@code ratios} (after / before), those not positive and finite left out; empty when none is left. */
    public static OptionalDouble of(DoubleStream ratios) {
        OptionalDouble logs = ratios.filter(ratio -> ratio > 0 && Double.isFinite(ratio))
                .map(Math::log)
                .average();
        return logs.isPresent() ? OptionalDouble.of(Math.exp(logs.getAsDouble())) : OptionalDouble.empty();
    }
}
