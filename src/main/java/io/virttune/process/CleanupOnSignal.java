package io.virttune.process;

import java.time.Duration;

/**
 * A cleanup that runs once: when the work it belongs to closes it, or, when a SIGTERM or SIGINT
 * ends virt-tune first, from a shutdown hook after the running commands were asked to stop (they
 * may hold what it cleans up: lvm refuses to remove an open LV). A SIGKILL runs neither.
 */
public final class CleanupOnSignal implements AutoCloseable {
    /** How long the commands still running get to stop, on a signal, before the cleanup. */
    private static final Duration STOP_GRACE = Duration.ofSeconds(5);

    private final Runnable cleanup;
    private final Thread hook;
    private boolean done;

    private CleanupOnSignal(String name, Runnable cleanup) {
        this.cleanup = cleanup;
        this.hook = new Thread(
                () -> {
                    RunningChildren.stopAll(STOP_GRACE);
                    try {
                        runOnce();
                    } catch (RuntimeException failed) {
                        // The JVM is ending: standard error is all that is left to say it on.
                        System.err.println(failed.getMessage());
                    }
                },
                name);
    }

    /** {@code cleanup} hooked to a signal from now on, under the thread name {@code name}. */
    public static CleanupOnSignal register(String name, Runnable cleanup) {
        CleanupOnSignal registered = new CleanupOnSignal(name, cleanup);
        Runtime.getRuntime().addShutdownHook(registered.hook);
        return registered;
    }

    /** What a SIGTERM or SIGINT runs: the commands stopped, then the cleanup. */
    public Thread onSignal() {
        return hook;
    }

    /** No cleanup on a signal any more, and none now: the work ended with nothing to clean up. */
    public void cancel() {
        unhook();
    }

    /** Runs the cleanup, unless the signal's hook ran it; its failure is thrown to the work. */
    @Override
    public void close() {
        unhook();
        runOnce();
    }

    private void unhook() {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // The hook is running or about to: it runs the cleanup itself, once.
        }
    }

    /**
     * Synchronized: on a signal the work's own close and the hook both come here, and the hook must
     * not return (and the JVM halt) while the other is still cleaning up.
     */
    private synchronized void runOnce() {
        if (done) {
            return;
        }
        done = true;
        RunningChildren.asCleanup(cleanup);
    }
}
