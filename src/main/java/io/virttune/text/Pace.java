package io.virttune.text;

/** How fast some work went: its bytes over its time, as an operator reads and plans by it. */
public final class Pace {
    private Pace() {}

    /** "1 GiB in 22s, 46.5 MiB/s"; under a second, no rate: it would be noise. */
    public static String of(long bytes, long nanos) {
        double seconds = nanos / 1e9;
        if (seconds < 1) {
            return Bytes.format(bytes) + " in under 1s";
        }
        return Bytes.format(bytes) + " in " + Durations.format(seconds) + ", " + Bytes.format((long) (bytes / seconds))
                + "/s";
    }
}
