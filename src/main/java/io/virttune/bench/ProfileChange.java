package io.virttune.bench;

/**
 * One profile's one direction (e.g. rnd4k_q32t1 read), before and after, metric by metric;
 * {@code random} for random I/O, whose figures live on another scale than sequential I/O's.
 */
public record ProfileChange(String profile, Direction direction, boolean random, Change iops,
    Change megabytesPerSecond, Change meanLatencyMicros, Change p99LatencyMicros) {

  static ProfileChange of(ProfileResult profile, Direction direction, IoMetrics before, IoMetrics after) {
    return new ProfileChange(profile.name(), direction, profile.random(),
        new Change(before.iops(), after.iops(), false),
        new Change(before.megabytesPerSecond(), after.megabytesPerSecond(), false),
        new Change(before.meanLatencyMicros(), after.meanLatencyMicros(), true),
        new Change(before.p99LatencyMicros(), after.p99LatencyMicros(), true));
  }

  /** {@code rnd4k_q32t1_mix75 read}, or just the profile name when it only goes one way. */
  public String label() {
    return profile.endsWith("_" + direction.label()) ? profile : profile + " " + direction.label();
  }
}
