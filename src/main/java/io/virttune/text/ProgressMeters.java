package io.virttune.text;

import java.io.PrintWriter;
import java.time.Clock;

/**
 * Makes the progress meters of one domain's copies in its run's {@code style}: text into the
 * domain's {@code log}, events into the run's shared {@code events} stream.
 */
public record ProgressMeters(ProgressStyle style, PrintWriter log, PrintWriter events, String domain) {
    /** The meter of an offline copy of {@code totalBytes} into {@code target}. */
    public ProgressMeter copy(String target, long totalBytes) {
        return meter("  " + domain + " " + target, target, "copy", totalBytes);
    }

    /** The meter of the live copy of the guest's disk {@code disk} onto {@code target}. */
    public ProgressMeter live(String disk, String target) {
        return meter("  " + domain + " " + disk + " (live)", target, "live", 0);
    }

    private ProgressMeter meter(String label, String target, String phase, long totalBytes) {
        return new ProgressMeter(
                style == ProgressStyle.EVENTS ? events : log,
                style,
                label,
                domain,
                target,
                phase,
                totalBytes,
                System::nanoTime,
                Clock.systemUTC());
    }
}
