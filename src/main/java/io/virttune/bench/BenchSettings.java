package io.virttune.bench;

/** What one bench run measures and how: profiles, size, runtime cap, loops, target, and fio's path in the guest. */
public record BenchSettings(
    ProfileSet profileSet, long sizeBytes, int runtimeSeconds, int loops, BenchTarget target, String fioPath) {

  /**
   * The most a run can take: every job capped at the runtime, plus fio's setup (laying out the
   * file) and slow TCG guests; a guest-exec still running after this is reported as hung.
   */
  public int timeoutSeconds(int jobs) {
    return jobs * (runtimeSeconds + 30) + 120;
  }
}
