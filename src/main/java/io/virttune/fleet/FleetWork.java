package io.virttune.fleet;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;

/**
 * Does one piece of work on every host of a fleet, at most {@code parallel} at a time, each on its
 * own: a host whose work throws becomes a failure with the reason and never stops the others.
 * Results come back in the order the hosts were given, whatever order they finished in.
 */
public final class FleetWork<T> {
    /** One host's result, or why there is none. */
    public record Done<T>(FleetHost host, Optional<T> value, Optional<String> failure) {}

    private final Function<FleetHost, T> work;
    private final int parallel;

    public FleetWork(Function<FleetHost, T> work, int parallel) {
        if (parallel < 1) {
            throw new IllegalArgumentException("parallel must be at least 1, was " + parallel);
        }
        this.work = work;
        this.parallel = parallel;
    }

    public List<Done<T>> run(List<FleetHost> hosts) {
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(parallel, Math.max(1, hosts.size())));
        try {
            List<Future<Done<T>>> running = new ArrayList<>();
            for (FleetHost host : hosts) {
                running.add(pool.submit(() -> runOn(host)));
            }
            List<Done<T>> results = new ArrayList<>();
            for (Future<Done<T>> result : running) {
                results.add(result.get());
            }
            return results;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while working on the fleet", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("a host's work failed outside its isolation", e.getCause());
        } finally {
            pool.shutdownNow();
        }
    }

    private Done<T> runOn(FleetHost host) {
        try {
            return new Done<>(host, Optional.of(work.apply(host)), Optional.empty());
        } catch (RuntimeException e) {
            // Any failure of one host, libvirt's included, is that host's alone.
            return new Done<>(
                    host,
                    Optional.empty(),
                    Optional.of(e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()));
        }
    }
}
