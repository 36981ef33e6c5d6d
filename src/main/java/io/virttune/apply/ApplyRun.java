package io.virttune.apply;

import io.virttune.VirtTuneException;
import io.virttune.apply.guards.OfflineSizes;
import io.virttune.apply.guards.ThinSpace;
import io.virttune.apply.live.HostBandwidth;
import io.virttune.apply.ports.ApplyPorts;
import io.virttune.apply.ports.DomainResult;
import io.virttune.plan.DomainPlan;
import io.virttune.plan.Plan;
import io.virttune.text.ProgressMeters;
import io.virttune.text.ProgressStyle;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Applies a plan to its domains, several at a time, each on its own: one domain's failure stops
 * that domain only. A thin pool the plan creates is made by the first domain that needs it.
 */
public final class ApplyRun {
    private final ApplyPorts ports;
    private final PrintWriter out;
    private final int jobs;
    private final boolean resume;
    private final ProgressStyle progress;
    private final int width;
    private final HostBandwidth bandwidth;

    /**
     * {@code progress}: how the copies show theirs (a bar only while one domain runs at a time);
     * {@code width}: the columns each domain's prose is fitted to, 0 for whole lines; {@code
     * hostBandwidth}: the cap on the live copies running at once, bytes per second, 0 for none.
     */
    public ApplyRun(
            ApplyPorts ports,
            PrintWriter out,
            int jobs,
            boolean resume,
            ProgressStyle progress,
            int width,
            long hostBandwidth) {
        this.ports = ports;
        this.out = out;
        this.jobs = jobs;
        this.resume = resume;
        this.progress = progress == ProgressStyle.BAR && jobs > 1 ? ProgressStyle.LINES : progress;
        this.width = width;
        this.bandwidth = new HostBandwidth(hostBandwidth, jobs);
    }

    public List<DomainResult> run(Plan plan, List<DomainPlan> planned) {
        List<DomainPlan> domains =
                new OfflineSizes(ports.lvm().reads(), ports.images().facts(), out).fill(plan, planned);
        ThinPools pools = new ThinPools(ports.lvm(), ports.run(), plan.hostSteps());
        checkPoolNames(plan, pools);
        ThinSpace space = new ThinSpace(ports.lvm().reads(), ports.run().state());
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, jobs));
        try {
            List<Future<DomainResult>> futures = new ArrayList<>();
            for (DomainPlan domain : domains) {
                futures.add(pool.submit(() -> applyOne(plan, domain, pools, space)));
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

    private DomainResult applyOne(Plan plan, DomainPlan domain, ThinPools pools, ThinSpace space) {
        PrintWriter log = new PrintWriter(new LinePrefixWriter(out, "[" + domain.name() + "] ", width), true);
        DomainResult result = new DomainMigration(
                        ports,
                        plan,
                        domain,
                        pools,
                        space,
                        bandwidth,
                        resume,
                        log,
                        new ProgressMeters(progress, log, out, domain.name()))
                .run();
        log.close();
        return result;
    }

    /** Before any domain: the names of the pools the plan creates must be free, or taken by its own. */
    private void checkPoolNames(Plan plan, ThinPools pools) {
        if (!plan.hostSteps().isEmpty()) {
            pools.checkNames(ports.lvm().reads().report(), out);
        }
    }
}
