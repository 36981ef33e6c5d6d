package io.virttune.bench;

/** Where fio writes in the guest: a scratch file (removed afterwards) or, destructively, a whole scratch device. */
public record BenchTarget(String path, boolean device) {
  public static final String DEFAULT_FILE = "/var/tmp/virt-tune-bench.dat";

  public static BenchTarget scratchFile(String path) {
    return new BenchTarget(path, false);
  }

  public static BenchTarget scratchDevice(String path) {
    return new BenchTarget(path, true);
  }
}
