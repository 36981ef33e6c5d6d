package io.virttune.bench;

import java.util.List;
import java.util.OptionalDouble;

/**
 * Two labels compared for every domain of a host stored with both, and the domains that have
 * only one of them (named with the label they lack, so the operator knows what to run).
 */
public record Comparisons(List<BenchComparison> compared, List<String> notCompared) {

    public Comparisons {
        compared = List.copyOf(compared);
        notCompared = List.copyOf(notCompared);
    }

    /**
     * The mean over the domains of each one's mean IOPS change, as a ratio, geometric as within a
     * domain ({@link MeanChange}); empty when no domain measured that direction.
     */
    public OptionalDouble meanIopsRatio(Direction direction) {
        return MeanChange.of(compared.stream()
                .map(comparison -> comparison.meanIopsRatio(direction))
                .filter(OptionalDouble::isPresent)
                .mapToDouble(OptionalDouble::getAsDouble));
    }

    /** {@link #meanIopsRatio} in percent, as the reports give it: +25 for 1.25 times. */
    public OptionalDouble meanIopsPercent(Direction direction) {
        return meanIopsRatio(direction).stream().map(Percent::ofRatio).findFirst();
    }

    /** {@link #meanIopsPercent} as text: {@code +25%}, or {@code n/a}. */
    public String meanIopsChange(Direction direction) {
        return meanIopsPercent(direction).stream()
                .mapToObj(Percent::format)
                .findFirst()
                .orElse("n/a");
    }

    public int lossCount() {
        return compared.stream()
                .mapToInt(comparison -> comparison.losses().size())
                .sum();
    }
}
