package io.virttune.text;

import java.io.PrintWriter;
import java.time.Clock;

/**
 * Makes the progress meters of one domain's copies and verifies in its run's {@code style}: text into the
 * domain's {@code log}, events into the run's shared {@code events} stream.
 */
public record ProgressMeters(ProgressStyle style, PrintWriter log, PrintWriter events, String domain) {
    /** The phase of an offline copy ({@code qemu-img convert}). */
    public static final String COPY = "copy";
    /** The phase of a running guest's block copy until it is ready to switch. */
    public static final String LIVE = "live";
    /** The phase of the compare of a copy with its source. */
    public static final String VERIFY = "verify";

    /** The meter of an offline copy of {@code totalBytes} into {@code target}. */
    public ProgressMeter copy(String target, long totalBytes) {
        return meter(target, target, COPY, totalBytes);
    }

    /** The meter of the live copy of the guest's disk {@code disk} onto {@code target}. */
    public ProgressMeter live(String disk, String target) {
        return meter(disk, target, LIVE, 0);
    }

    /** The meter of the verify of the copy in {@code target}, whose total its compare sets as it reads. */
    public ProgressMeter verify(String target) {
        return meter(target, target, VERIFY, 0);
    }

    /**
     * How a person reads which task a line is of: {@code "  DOMAIN DISK"}, then what the task is unless
     * it is an offline copy; the fleet's relay writes its hosts' lines alike.
     */
    public static String label(String domain, String disk, String phase) {
        return "  " + domain + " " + disk + (phase.equals(COPY) ? "" : " (" + phase + ")");
    }

    private ProgressMeter meter(String disk, String target, String phase, long totalBytes) {
        return new ProgressMeter(
                style == ProgressStyle.EVENTS ? events : log,
                style,
                label(domain, disk, phase),
                domain,
                target,
                phase,
                totalBytes,
                System::nanoTime,
                Clock.systemUTC());
    }
}
