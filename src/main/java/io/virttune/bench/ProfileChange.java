package io.virttune.bench;

import java.util.function.ToDoubleFunction;

/**
 * One profile's one direction (e.g. rnd4k_q32t1 read), before and after, metric by metric;
 * {@code random} for random I/O, whose figures live on another scale than sequential I/O's.
 */
public record ProfileChange(
        String profile,
        Direction direction,
        boolean random,
        Change iops,
        Change megabytesPerSecond,
        Change meanLatencyMicros,
        Change p99LatencyMicros) {

    static ProfileChange of(ProfileResult before, ProfileResult after, Direction direction) {
        return new ProfileChange(
                before.name(),
                direction,
                before.random(),
                change(before, after, direction, IoMetrics::iops, false),
                change(before, after, direction, IoMetrics::megabytesPerSecond, false),
                change(before, after, direction, IoMetrics::meanLatencyMicros, true),
                change(before, after, direction, IoMetrics::p99LatencyMicros, true));
    }

    /** {@code rnd4k_q32t1_mix75 read}, or just the profile name when it only goes one way. */
    public String label() {
        return profile.endsWith("_" + direction.label()) ? profile : profile + " " + direction.label();
    }

    private static Change change(
            ProfileResult before,
            ProfileResult after,
            Direction direction,
            ToDoubleFunction<IoMetrics> metric,
            boolean lowerIsBetter) {
        return new Change(
                metric.applyAsDouble(before.direction(direction)),
                metric.applyAsDouble(after.direction(direction)),
                lowerIsBetter,
                overlap(before, after, direction, metric));
    }

    /** Whether the ranges both sides' runs spread over overlap; false where a side kept no range. */
    private static boolean overlap(
            ProfileResult before, ProfileResult after, Direction direction, ToDoubleFunction<IoMetrics> metric) {
        if (before.low(direction) == null
                || before.peak(direction) == null
                || after.low(direction) == null
                || after.peak(direction) == null) {
            return false;
        }
        double[] first = range(before, direction, metric);
        double[] second = range(after, direction, metric);
        return Math.max(first[0], second[0]) <= Math.min(first[1], second[1]);
    }

    private static double[] range(ProfileResult result, Direction direction, ToDoubleFunction<IoMetrics> metric) {
        double low = metric.applyAsDouble(result.low(direction));
        double peak = metric.applyAsDouble(result.peak(direction));
        return new double[] {Math.min(low, peak), Math.max(low, peak)};
    }
}
