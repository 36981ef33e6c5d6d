package io.virttune.process;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Kills a command's whole process group once it has run past its limit, unless it ended first:
 * what the command started (an inventory plugin's script) holds its output open as long as it
 * lives, so the command alone would not do.
 */
final class Deadline implements AutoCloseable {
    private static final ScheduledExecutorService TIMER = Executors.newSingleThreadScheduledExecutor(runnable -> {
        Thread thread = new Thread(runnable, "command-deadline");
        thread.setDaemon(true);
        return thread;
    });
    private static final Deadline NONE = new Deadline();

    private final AtomicBoolean expired = new AtomicBoolean();
    private final ScheduledFuture<?> expiry;

    private Deadline() {
        expiry = null;
    }

    private Deadline(Process leader, Duration limit) {
        expiry = TIMER.schedule(
                () -> {
                    // While the leader lives (is not yet reaped), its pid names its group and no other.
                    if (leader.isAlive()) {
                        expired.set(true);
                        ProcessGroup.kill(leader.pid());
                    }
                },
                limit.toNanos(),
                TimeUnit.NANOSECONDS);
    }

    /** The deadline of {@code leader}, which leads its own process group, {@code limit} from now. */
    static Deadline of(Process leader, Duration limit) {
        return new Deadline(leader, limit);
    }

    /** No limit. */
    static Deadline none() {
        return NONE;
    }

    /** Whether the command was killed at the limit. */
    boolean expired() {
        return expired.get();
    }

    /** The command ended: no kill after this. */
    @Override
    public void close() {
        if (expiry != null) {
            expiry.cancel(false);
        }
    }
}
