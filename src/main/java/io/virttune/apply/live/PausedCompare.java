package io.virttune.apply.live;

import io.virttune.VirtTuneException;
import io.virttune.apply.ports.CopyTimings;
import io.virttune.apply.ports.RunPorts;
import io.virttune.blockjob.BlockCopy;
import io.virttune.blockjob.BlockJobs;
import io.virttune.plan.CopyLive;
import io.virttune.qemu.Comparison;
import io.virttune.qemu.QemuImgCompare;
import java.io.PrintWriter;
import java.time.Duration;
import java.time.Instant;

/**
 * The verify of a live move ({@code plan --live --verify-paused}), run with the guest paused for
 * its pivot.
 */
final class PausedCompare {
    /**
     * How long the guest may stay paused for the copy to catch up: uncapped, what was dirty at the
     * pause (written since the copy was last in sync) takes milliseconds; past this the pivot fails
     * and the guest is resumed on its source, which holds every write.
     */
    static final Duration CATCH_UP = Duration.ofSeconds(10);

    private final BlockJobs jobs;
    private final QemuImgCompare comparer;
    private final CopyTimings timings;
    private final RunPorts run;
    private final PrintWriter log;

    PausedCompare(BlockJobs jobs, QemuImgCompare comparer, CopyTimings timings, RunPorts run, PrintWriter log) {
        this.jobs = jobs;
        this.comparer = comparer;
        this.timings = timings;
        this.run = run;
        this.log = log;
    }

    /**
     * Compares the source, read as {@code sourceFormat}, and the LV of {@code step}, whose copy is
     * {@code copy}; the guest must be paused for {@code parts}.
     */
    void verify(BlockCopy copy, CopyLive step, String sourceFormat, PauseParts parts) {
        copy.awaitCaughtUp(CATCH_UP, timings.pausedPoll());
        parts.ended("catch-up");
        Instant start = run.clock().instant();
        Comparison comparison = comparer.compareInUse(step.source(), sourceFormat, step.device());
        long millis = Duration.between(start, run.clock().instant()).toMillis();
        parts.ended("compare");
        if (comparison.identical()) {
            log.println("  "
                    + run.mode()
                            .says(
                                    "compared " + step.source() + " with " + step.device() + " in " + millis
                                            + " ms, the guest paused: identical",
                                    "would compare " + step.source() + " with " + step.device()
                                            + ", the guest paused"));
            return;
        }
        copy.abort();
        throw VirtTuneException.failed(
                "disk " + step.disk() + " of '" + jobs.domain() + "': with the guest paused and its"
                        + " copy caught up, " + step.device() + " differs from " + step.source()
                        + " (qemu-img compare: "
                        + comparison.detail()
                        + "); not switched: the copy was aborted and the guest runs on its source, which holds"
                        + " every write it made (rule: a live move switches only onto a verified copy); roll back to remove the LV");
    }
}
