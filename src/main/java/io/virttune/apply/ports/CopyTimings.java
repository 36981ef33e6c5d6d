package io.virttune.apply.ports;

import io.virttune.blockjob.Convergence;
import java.time.Duration;

/**
 * How apply follows a live copy: how often its progress and mirror state are read, how long it
 * may take to be ready, and how long a background copy may go without getting closer before it
 * is copied again with synchronous writes (sooner when its pace says a writing guest outpaces it).
 *
 * @param poll between two reads of the copy
 * @param readyTimeout long enough for terabytes at a modest cap; a copy not ready by then is left
 *     running, and the domain fails (pivot or abort it, or apply --resume)
 * @param convergenceWindow the longest a background copy goes without getting closer; its pace is
 *     judged over the last third of it, long enough for a burst of guest writes to pass, short
 *     beside the minutes a copy the guest outpaces would waste ({@code apply --converge-within})
 */
public record CopyTimings(Duration poll, Duration readyTimeout, Duration convergenceWindow) {
    static final CopyTimings DEFAULTS =
            new CopyTimings(Duration.ofSeconds(1), Duration.ofHours(24), Convergence.DEFAULT_WINDOW);
    private static final Duration PAUSED_POLL = Duration.ofMillis(50);

    /** Between two reads of a copy the guest is paused for, at most 50 ms: every poll then is pause time. */
    public Duration pausedPoll() {
        return poll.compareTo(PAUSED_POLL) < 0 ? poll : PAUSED_POLL;
    }

    CopyTimings withConvergenceWindow(Duration window) {
        return new CopyTimings(poll, readyTimeout, window);
    }
}
