package io.virttune.inspect;

/**
 * How fast a running guest wrote to one disk when plan sampled it: its write requests and bytes
 * over a short interval (libvirt's block stats, read twice).
 *
 * @param writesPerSecond write requests a second
 * @param bytesPerSecond bytes written a second
 * @param sampledMillis the interval the two reads were apart
 */
public record GuestWriteRate(double writesPerSecond, long bytesPerSecond, long sampledMillis) {
    /**
     * Fewer writes a second than this are an idle guest's noise, not a busy guest's load: plan
     * predicts such a guest's first pass as an idle one's, and apply's journals count no copy below
     * it among the busy ones a busy copy is predicted by.
     */
    public static final double BUSY_FLOOR = 10;

    public GuestWriteRate {
        if (writesPerSecond < 0 || bytesPerSecond < 0 || sampledMillis <= 0) {
            throw new IllegalArgumentException("a write rate is sampled over some time and never negative");
        }
    }

    /** The rate of two reads of a disk's counters, {@code millis} apart. */
    public static GuestWriteRate between(
            long writesBefore, long bytesBefore, long writesAfter, long bytesAfter, long millis) {
        double seconds = millis / 1000.0;
        return new GuestWriteRate(
                Math.max(0, writesAfter - writesBefore) / seconds,
                Math.round(Math.max(0, bytesAfter - bytesBefore) / seconds),
                millis);
    }
}
