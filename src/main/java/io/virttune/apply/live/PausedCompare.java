package io.virttune.apply.live;

import io.virttune.VirtTuneException;
import io.virttune.apply.ports.CopyTimings;
import io.virttune.apply.ports.RunPorts;
import io.virttune.blockjob.BlockCopy;
import io.virttune.blockjob.BlockJobs;
import io.virttune.plan.CopyLive;
import io.virttune.qemu.Comparison;
import io.virttune.qemu.QemuImgCompare;
import io.virttune.text.ProgressMeter;
import io.virttune.text.ProgressMeters;
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
    private final ProgressMeters progress;

    PausedCompare(
            BlockJobs jobs,
            QemuImgCompare comparer,
            CopyTimings timings,
            RunPorts run,
            PrintWriter log,
            ProgressMeters progress) {
        this.jobs = jobs;
        this.comparer = comparer;
        this.timings = timings;
        this.run = run;
        this.log = log;
        this.progress = progress;
    }

    /**
     * Compares the source, read as {@code sourceFormat}, and the LV of {@code step}, of {@code
     * lvBytes}, whose copy is {@code copy}; the guest must be paused for {@code parts}. Its progress
     * is shown as an offline copy's verify: the guest waits on it.
     */
    void verify(BlockCopy copy, CopyLive step, String sourceFormat, long lvBytes, PauseParts parts) {
        copy.awaitCaughtUp(CATCH_UP, timings.pausedPoll());
        parts.ended("catch-up");
        Instant start = run.clock().instant();
        ProgressMeter meter = progress.verify(step.device());
        // qemu-img reads the longer of the two to its end: the LV, which holds the whole disk (LiveChecks).
        Comparison comparison = Comparison.metered(
                meter,
                () -> comparer.compareInUse(
                        step.source(), sourceFormat, step.device(), meter.part(0, lvBytes, lvBytes)));
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
        meter.failed();
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
