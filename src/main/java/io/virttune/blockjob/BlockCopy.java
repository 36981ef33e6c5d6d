package io.virttune.blockjob;

import io.virttune.Sleep;
import io.virttune.VirtTuneException;
import io.virttune.lvm.CalibrationVolume;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Copies one disk of a running domain onto a block device (an LV virt-tune created) while the
 * guest runs, as libvirt's block copy does: start, follow, then pivot the guest onto the copy or
 * abort, leaving it on its source. Until the pivot the source stays the truth: an abort, a failed
 * job or a dead virt-tune loses nothing.
 */
public final class BlockCopy {
    private final BlockJobs jobs;
    private final String disk;

    /** The copy of the disk with target {@code disk} (vda, sda, ...) of the domain {@code jobs} acts on. */
    public BlockCopy(BlockJobs jobs, String disk) {
        this.jobs = jobs;
        this.disk = disk;
    }

    /**
     * The destination of virDomainBlockCopy: a raw block device. The format is always named, so
     * libvirt never probes what the LV holds (a guest could plant a qcow2 header there).
     */
    public static String destinationXml(String device) {
        return "<disk type='block'><source dev='" + attribute(device) + "'/><driver type='raw'/></disk>";
    }

    /** Starts copying onto {@code device}; refuses when the disk already has a block job, which may be an earlier run's. */
    public void start(String device, BlockCopySettings settings) {
        Optional<BlockJobProgress> running = jobs.progress(disk);
        if (running.isPresent()) {
            // Named: a killed calibrate --mirror's copy into its temporary LV must be aborted, never pivoted.
            String into = MirrorState.destinationOf(jobs.liveXml(), jobs.domain(), disk)
                    .map(destination -> ", copying into " + destination)
                    .orElse("");
            throw VirtTuneException.refused(where() + " already has a block job ("
                    + running.get().percent()
                    + "% done" + into + "), perhaps an earlier run's or a killed virt-tune calibrate --mirror's;"
                    + " virt-tune starts no second one: abort it first (virsh blockjob " + jobs.domain() + " " + disk
                    + " --abort: the guest stays on its source), or pivot it (--pivot) only if its destination is"
                    + " meant to be the disk's; for a killed calibration's, "
                    + CalibrationVolume.removal("VG") + ", VG the destination's");
        }
        jobs.copy(disk, destinationXml(device), settings);
    }

    /** The job's progress now, or empty when the disk has no job. */
    public Optional<BlockJobProgress> progress() {
        return jobs.progress(disk);
    }

    /** The mirror's state as the live definition shows it. */
    public MirrorState state() {
        return MirrorState.of(jobs.liveXml(), jobs.domain(), disk);
    }

    /**
     * Waits until source and copy are in sync ({@code <mirror ready='yes'>}), telling
     * {@code progress} at each poll. Fails, leaving the job as it is, when the job ends first or is
     * not ready in time.
     */
    public BlockJobProgress awaitReady(Duration timeout, Duration poll, Consumer<BlockJobProgress> progress) {
        // Without a Convergence the wait ends only ready (or fails).
        return ((CopyWait.Ready) await(timeout, poll, Optional.empty(), progress)).progress();
    }

    /**
     * As {@link #awaitReady}, but gives up, the job left copying, once the guest's writes outpace
     * the copy ({@link Convergence}): at the latest after {@code convergenceWindow} without getting
     * closer, sooner when its pace over the last third of that window says it would be ready later
     * than a copy made afresh of {@code freshCopyBytes}.
     */
    public CopyWait awaitReadyUnlessOutpaced(
            Duration timeout,
            Duration poll,
            Duration convergenceWindow,
            long freshCopyBytes,
            Consumer<BlockJobProgress> progress) {
        return await(timeout, poll, Optional.of(new Convergence(convergenceWindow, freshCopyBytes)), progress);
    }

    private CopyWait await(
            Duration timeout, Duration poll, Optional<Convergence> convergence, Consumer<BlockJobProgress> progress) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            BlockJobProgress now = progressOrEnded(
                    "the block copy ended before it was ready (failed in QEMU, or ended from"
                            + " outside; libvirt 9.0 logs no reason at its default level); the guest still runs on its source");
            progress.accept(now);
            if (state() == MirrorState.READY) {
                return new CopyWait.Ready(now);
            }
            Optional<String> outpaced = convergence.flatMap(judge -> judge.judge(now, System.nanoTime()));
            if (outpaced.isPresent()) {
                return new CopyWait.Outpaced(outpaced.get());
            }
            sleepUntil(
                    deadline,
                    poll,
                    () -> "the block copy is not ready after " + timeout.toSeconds() + " s ("
                            + now.percent()
                            + "% done; the guest may write faster than the copy: raise the bandwidth or copy with"
                            + " synchronous writes); the job was left running: pivot or abort it");
        }
    }

    /**
     * Waits, the guest paused, until the copy has nothing left dirty or in flight (cur equals end):
     * then the LV holds what the source does. Fails, leaving the job as it is, when the job ends or
     * has not caught up in time.
     */
    public void awaitCaughtUp(Duration timeout, Duration poll) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            BlockJobProgress now = progressOrEnded("the block copy ended while the guest was paused for it to catch up;"
                    + " the guest runs on its source");
            if (now.caughtUp()) {
                return;
            }
            sleepUntil(
                    deadline,
                    poll,
                    () -> "the block copy had not caught up " + timeout.toSeconds() + " s after the"
                            + " guest was paused (" + now.cur() + " of " + now.end()
                            + " bytes); the guest runs on its source, the copy"
                            + " left ready");
        }
    }

    /** The job's progress now; fails with {@code ended} when the disk has no job any more. */
    private BlockJobProgress progressOrEnded(String ended) {
        return jobs.progress(disk).orElseThrow(() -> VirtTuneException.failed(where() + ": " + ended));
    }

    /** Sleeps a poll, or fails with {@code late} once {@code deadline} (System.nanoTime) has passed. */
    private void sleepUntil(long deadline, Duration poll, Supplier<String> late) {
        if (System.nanoTime() - deadline > 0) {
            throw VirtTuneException.failed(where() + ": " + late.get());
        }
        Sleep.of(
                poll,
                e -> VirtTuneException.failed(
                        where() + ": interrupted while waiting for the block copy; the job was" + " left running", e));
    }

    /**
     * Switches the guest onto the copy (virDomainBlockJobAbort with PIVOT), then checks that the
     * live definition names {@code device} and no mirror is left; returns what the persistent
     * definition names now, which libvirt may or may not have rewritten.
     */
    public Optional<String> pivot(String device) {
        requireReady();
        switchOnto();
        return checkSwitched(device);
    }

    /** Refuses a copy that is not ready: a pivot now would switch the guest onto an incomplete copy. */
    public void requireReady() {
        MirrorState now = state();
        if (now != MirrorState.READY) {
            throw VirtTuneException.refused(where() + ": the block copy is not ready ("
                    + now.name().toLowerCase() + "); a pivot now would switch the guest onto an incomplete copy");
        }
    }

    /**
     * The switch alone, after {@link #requireReady}: what a guest paused for its pivot waits on, one
     * libvirt call. libvirt itself refuses the pivot of a copy it does not hold ready ("not ready for
     * pivot yet"), so the readiness read before the pause is not read again in it. {@link
     * #checkSwitched} then reads what it did, the guest resumed or not.
     */
    public void switchOnto() {
        jobs.abort(disk, true);
    }

    /**
     * After {@link #switchOnto}: checks that the live definition names {@code device} and no mirror
     * is left; returns what the persistent definition names now, which libvirt may or may not have
     * rewritten.
     */
    public Optional<String> checkSwitched(String device) {
        String live = jobs.liveXml();
        Optional<String> source = MirrorState.sourceOf(live, jobs.domain(), disk);
        if (!source.equals(Optional.of(device)) || MirrorState.of(live, jobs.domain(), disk) != MirrorState.NONE) {
            throw VirtTuneException.failed(where() + ": after the pivot the guest runs on " + source.orElse("no source")
                    + ", not on " + device + "; check the domain before anything else");
        }
        return MirrorState.sourceOf(jobs.inactiveXml(), jobs.domain(), disk);
    }

    /** Ends the copy without a pivot: the guest stays on its source; then checks no mirror is left. */
    public void abort() {
        jobs.abort(disk, false);
        MirrorState after = state();
        if (after != MirrorState.NONE) {
            throw VirtTuneException.failed(
                    where() + ": the block copy still shows as " + after.name().toLowerCase() + " after the abort");
        }
    }

    private String where() {
        return "disk '" + disk + "' of domain '" + jobs.domain() + "'";
    }

    private static String attribute(String value) {
        return value.replace("&", "&amp;")
                .replace("<", "&lt;")
                .replace("'", "&apos;")
                .replace("\"", "&quot;");
    }
}
