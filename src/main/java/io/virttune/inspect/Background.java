package io.virttune.inspect;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * A value worked out on a thread of its own while the caller reads something else; waiting for it
 * rethrows its failure as it was thrown, so the caller sees the same error as without the thread.
 */
final class Background<T> {
    private final FutureTask<T> task;

    private Background(Supplier<T> work) {
        this.task = new FutureTask<>(work::get);
    }

    /** Starts {@code work} on a daemon thread, which never keeps the process from exiting. */
    static <T> Background<T> start(String name, Supplier<T> work) {
        Background<T> background = new Background<>(work);
        Thread thread = new Thread(background.task, name);
        thread.setDaemon(true);
        thread.start();
        return background;
    }

    /** A value already at hand, for a caller that had nothing to work out. */
    static <T> Background<T> of(T value) {
        Background<T> background = new Background<>(() -> value);
        background.task.run();
        return background;
    }

    /** Throws the work's failure when it has failed already; returns at once otherwise. */
    void throwIfFailed() {
        if (task.isDone()) {
            join();
        }
    }

    /** The value, once worked out; its failure, thrown on this thread. */
    T join() {
        try {
            return task.get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            // A Supplier throws nothing checked.
            throw (RuntimeException) e.getCause();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for " + task, e);
        }
    }

    /**
     * Waits for the work and hands its value to {@code release}; a failure is dropped, an Error's too,
     * since whoever needed the value has already been told by {@link #join}: thrown again from a
     * close(), it would be the very one the try block throws, which Java cannot suppress into itself.
     */
    void release(Consumer<T> release) {
        T value;
        try {
            value = task.get();
        } catch (ExecutionException e) {
            return;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        }
        release.accept(value);
    }
}
