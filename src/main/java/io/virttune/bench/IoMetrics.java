package io.virttune.bench;

/** One direction (read or write) of one fio job: throughput and completion latency. */
public record IoMetrics(double iops, double bytesPerSecond, double meanLatencyMicros, double p99LatencyMicros) {

  public double megabytesPerSecond() {
    return bytesPerSecond / 1_000_000;
  }
}
