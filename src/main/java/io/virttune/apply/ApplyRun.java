package io.virttune.apply;

import io.virttune.VirtTuneException;
import io.virttune.lvm.LvmReport;
import io.virttune.plan.CreateThinPool;
import io.virttune.plan.DomainPlan;
import io.virttune.plan.Plan;
import io.virttune.plan.Step;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Applies a plan to its domains, several at a time: host steps first (a new thin pool), then
 * each domain on its own; one domain's failure stops that domain only.
 */
public final class ApplyRun {
  private final ApplyPorts ports;
  private final PrintWriter out;
  private final int jobs;
  private final boolean resume;
  private final boolean terminal;

  public ApplyRun(ApplyPorts ports, PrintWriter out, int jobs, boolean resume, boolean terminal) {
    this.ports = ports;
    this.out = out;
    this.jobs = jobs;
    this.resume = resume;
    this.terminal = terminal;
  }

  public List<DomainResult> run(Plan plan, List<DomainPlan> domains) {
    runHostSteps(plan);
    ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, jobs));
    try {
      List<Future<DomainResult>> futures = new ArrayList<>();
      for (DomainPlan domain : domains) {
        futures.add(pool.submit(() -> applyOne(plan, domain)));
      }
      List<DomainResult> results = new ArrayList<>();
      for (Future<DomainResult> future : futures) {
        results.add(future.get());
      }
      return results;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw VirtTuneException.failed("interrupted; the journals say where each domain stopped (--resume)", e);
    } catch (ExecutionException e) {
      throw new IllegalStateException("a domain's apply failed unexpectedly", e.getCause());
    } finally {
      // Every domain's job has ended here, unless interrupted: nothing is cut short.
      pool.shutdownNow();
    }
  }

  private DomainResult applyOne(Plan plan, DomainPlan domain) {
    PrintWriter log = new PrintWriter(new LinePrefixWriter(out, "[" + domain.name() + "] "), true);
    DomainResult result = new DomainMigration(ports, plan, domain, resume, log, terminal && jobs == 1).run();
    log.close();
    return result;
  }

  /** A thin pool the plan creates: made once, before any domain; left as it is if it exists. */
  private void runHostSteps(Plan plan) {
    if (plan.hostSteps().isEmpty()) {
      return;
    }
    LvmReport lvm = ports.lvmReads().report();
    for (Step step : plan.hostSteps()) {
      if (step instanceof CreateThinPool pool) {
        if (lvm.logicalVolume(pool.vg(), pool.name()).isPresent()) {
          if (!resume) {
            throw VirtTuneException.refused("thin pool " + pool.vg() + "/" + pool.name() + " exists already;"
                + " if an earlier apply created it, continue with --resume; otherwise plan again");
          }
          out.println("thin pool " + pool.vg() + "/" + pool.name() + " exists: kept");
          continue;
        }
        out.println(step.describe());
        ports.lvmActions().createThinPool(pool.vg(), pool.name(), pool.sizeBytes(), pool.chunkSizeBytes(),
            pool.zeroing(), pool.metadataSizeBytes());
      }
    }
  }
}
