package io.virttune.bench;

/**
 * Where fio writes in the guest: a scratch file (removed afterwards) or, destructively, a whole
 * scratch device, named by its path in the guest or, with no path, to be found there as the
 * domain disk the request names ({@link #scratchDisk}).
 */
public record BenchTarget(String path, boolean device) {
    public static final String DEFAULT_FILE = "/var/tmp/virt-tune-bench.dat";

    public static BenchTarget scratchFile(String path) {
        return new BenchTarget(path, false);
    }

    public static BenchTarget scratchDevice(String path) {
        return new BenchTarget(path, true);
    }

    /** The whole domain disk the request names, whatever the guest calls it: found there by its size. */
    public static BenchTarget scratchDisk() {
        return new BenchTarget(null, true);
    }

    /** Whether the guest's device is still to be found. */
    public boolean toBeFound() {
        return device && path == null;
    }
}
