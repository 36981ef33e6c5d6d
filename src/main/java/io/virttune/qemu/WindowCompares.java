package io.virttune.qemu;

import io.virttune.qemu.AllocationMap.Extent;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * Compares a verify's windows a few at a time and answers as comparing them one after another
 * would: the first window by offset that differs, or the first that could not be compared.
 */
final class WindowCompares {
    private final int processes;

    WindowCompares(int processes) {
        if (processes < 1) {
            throw new IllegalArgumentException("at least one process, not " + processes);
        }
        this.processes = processes;
    }

    /** How many compares run at once for {@code windows} windows. */
    int atOnce(int windows) {
        return Math.max(1, Math.min(processes, windows));
    }

    /**
     * The comparison of the first of {@code windows}, in order, that differs, if any. A window after
     * one that differs or fails is not started; every window before it is compared to its end, so
     * the answer is the same whichever process finishes first.
     */
    Optional<Comparison> firstDifference(List<Extent> windows, Function<Extent, Comparison> compare) {
        AtomicInteger stopAt = new AtomicInteger(windows.size());
        ExecutorService pool = Executors.newFixedThreadPool(atOnce(windows.size()), runnable -> {
            Thread thread = new Thread(runnable, "verify-window");
            thread.setDaemon(true);
            return thread;
        });
        try {
            List<Future<Optional<Comparison>>> results = new ArrayList<>();
            for (int i = 0; i < windows.size(); i++) {
                int index = i;
                results.add(pool.submit(() -> compared(index, windows.get(index), compare, stopAt)));
            }
            for (Future<Optional<Comparison>> result : results) {
                Optional<Comparison> window = result.get();
                // A skipped window lies past one that differed or failed, which this loop met first.
                if (window.isPresent() && !window.get().identical()) {
                    return window;
                }
            }
            return Optional.empty();
        } catch (InterruptedException e) {
            pool.shutdownNow();
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while verifying a copy", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException cause) {
                throw cause;
            }
            throw new IllegalStateException("a window's compare failed", e.getCause());
        } finally {
            // The compares still running end on their own: a verify leaves no reader of the LV behind.
            pool.shutdown();
            awaitEnd(pool);
        }
    }

    private static Optional<Comparison> compared(
            int index, Extent window, Function<Extent, Comparison> compare, AtomicInteger stopAt) {
        if (index > stopAt.get()) {
            return Optional.empty();
        }
        try {
            Comparison result = compare.apply(window);
            if (!result.identical()) {
                stopAt.accumulateAndGet(index, Math::min);
            }
            return Optional.of(result);
        } catch (RuntimeException | Error e) {
            stopAt.accumulateAndGet(index, Math::min);
            throw e;
        }
    }

    private static void awaitEnd(ExecutorService pool) {
        boolean interrupted = false;
        while (true) {
            try {
                if (pool.awaitTermination(1, TimeUnit.DAYS)) {
                    break;
                }
            } catch (InterruptedException e) {
                interrupted = true;
                pool.shutdownNow();
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
