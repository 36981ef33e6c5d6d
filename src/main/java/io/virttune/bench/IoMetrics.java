package io.virttune.bench;

import java.util.List;
import java.util.function.ToDoubleFunction;

/** One direction (read or write) of one fio job: throughput and completion latency. */
public record IoMetrics(double iops, double bytesPerSecond, double meanLatencyMicros, double p99LatencyMicros) {

    public double megabytesPerSecond() {
        return bytesPerSecond / 1_000_000;
    }

    /** KDiskMark's "Default" figure of several runs: each metric's mean. */
    public static IoMetrics average(List<IoMetrics> runs) {
        return new IoMetrics(
                mean(runs, IoMetrics::iops),
                mean(runs, IoMetrics::bytesPerSecond),
                mean(runs, IoMetrics::meanLatencyMicros),
                mean(runs, IoMetrics::p99LatencyMicros));
    }

    /** KDiskMark's "Peak" figure of several runs: each metric's best, taken apart (highest throughput, lowest latency). */
    public static IoMetrics peak(List<IoMetrics> runs) {
        return new IoMetrics(
                best(runs, IoMetrics::iops, true),
                best(runs, IoMetrics::bytesPerSecond, true),
                best(runs, IoMetrics::meanLatencyMicros, false),
                best(runs, IoMetrics::p99LatencyMicros, false));
    }

    /** The worst of the runs, metric by metric: with {@link #peak}, the range the runs spread over. */
    public static IoMetrics low(List<IoMetrics> runs) {
        return new IoMetrics(
                best(runs, IoMetrics::iops, false),
                best(runs, IoMetrics::bytesPerSecond, false),
                best(runs, IoMetrics::meanLatencyMicros, true),
                best(runs, IoMetrics::p99LatencyMicros, true));
    }

    private static double mean(List<IoMetrics> runs, ToDoubleFunction<IoMetrics> metric) {
        return runs.stream().mapToDouble(metric).average().orElseThrow();
    }

    private static double best(List<IoMetrics> runs, ToDoubleFunction<IoMetrics> metric, boolean highest) {
        return highest
                ? runs.stream().mapToDouble(metric).max().orElseThrow()
                : runs.stream().mapToDouble(metric).min().orElseThrow();
    }
}
