package io.virttune.fleet;

import io.virttune.inspect.InspectResult;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;

/**
 * Inspects the hosts of a fleet, at most {@code parallel} at a time, each on its own: a host that
 * cannot be reached or read becomes a failed outcome and never stops the others. Outcomes come back
 * in the order the hosts were given, whatever order they finished in.
 */
public final class FleetInspection {
  private final Function<FleetHost, InspectResult> inspectOne;
  private final int parallel;

  public FleetInspection(Function<FleetHost, InspectResult> inspectOne, int parallel) {
    if (parallel < 1) {
      throw new IllegalArgumentException("parallel must be at least 1, was " + parallel);
    }
    this.inspectOne = inspectOne;
    this.parallel = parallel;
  }

  public List<HostOutcome> inspect(List<FleetHost> hosts) {
    ExecutorService pool = Executors.newFixedThreadPool(Math.min(parallel, Math.max(1, hosts.size())));
    try {
      List<Future<HostOutcome>> running = new ArrayList<>();
      for (FleetHost host : hosts) {
        running.add(pool.submit(() -> inspect(host)));
      }
      List<HostOutcome> outcomes = new ArrayList<>();
      for (Future<HostOutcome> outcome : running) {
        outcomes.add(outcome.get());
      }
      return outcomes;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while inspecting the fleet", e);
    } catch (ExecutionException e) {
      throw new IllegalStateException("inspecting a host failed outside its isolation", e.getCause());
    } finally {
      pool.shutdownNow();
    }
  }

  private HostOutcome inspect(FleetHost host) {
    try {
      return HostOutcome.inspected(host, inspectOne.apply(host));
    } catch (RuntimeException e) {
      // Any failure of one host, libvirt's included, is that host's alone.
      return HostOutcome.failed(host, e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
    }
  }
}
