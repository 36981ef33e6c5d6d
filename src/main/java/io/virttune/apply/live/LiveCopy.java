package io.virttune.apply.live;

import io.virttune.VirtTuneException;
import io.virttune.apply.journal.JournalEntry;
import io.virttune.apply.journal.PivotPauses;
import io.virttune.apply.journal.RunningJournal;
import io.virttune.apply.ports.ApplyPorts;
import io.virttune.apply.ports.CopyTimings;
import io.virttune.blockjob.BlockCopy;
import io.virttune.blockjob.BlockCopySettings;
import io.virttune.blockjob.BlockJobProgress;
import io.virttune.blockjob.BlockJobs;
import io.virttune.blockjob.CopyWait;
import io.virttune.blockjob.MirrorState;
import io.virttune.inspect.GuestWriteRate;
import io.virttune.lvm.LogicalVolume;
import io.virttune.plan.CopyLive;
import io.virttune.plan.CreateVolume;
import io.virttune.text.ProgressMeter;
import io.virttune.text.ProgressMeters;
import java.io.PrintWriter;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Consumer;

/**
 * A copy-live step: the block copy of one disk of a running guest onto its LV, followed until
 * ready, then the pivot.
 */
public final class LiveCopy {
    /**
     * The journal's entry, the LV's device its detail: the copy onto that LV was told it reads as zeros,
     * so that the mirror never wrote the source's zeros there.
     */
    static final String MIRROR_SKIPS_ZEROS = "MirrorSkipsZeros";

    /**
     * The journal's entry, the LV's device and why its detail: the copy onto that LV was not told it
     * reads as zeros, so that the mirror wrote the source's zeros there too.
     */
    static final String MIRROR_WRITES_ZEROS = "MirrorWritesZeros";

    private final ApplyPorts ports;
    private final String domain;
    private final PrintWriter log;
    private final ProgressMeters progress;
    private final HostBandwidth bandwidth;
    private final RunningJournal journal;
    private final CreateVolume volume;
    private final PersistentOnLv persistent;
    private final LiveCopyFailure failure;
    /** What this run's mirrors wrote, each copy to where it was last seen: what a live copy's pace is of. */
    private long mirroredBytes;
    /** Of those, what its copies with synchronous writes wrote: the pace of a copy made again is of these. */
    private long synchronousBytes;
    /** How long those copies took until ready. */
    private long synchronousNanos;
    /** The guest's writes while its disk was copied, where its counters were read; none before a copy starts. */
    private Optional<CopyWrites> writes = Optional.empty();

    /** A copy onto the LV that {@code volume} creates. */
    public LiveCopy(
            ApplyPorts ports,
            RunningJournal journal,
            PrintWriter log,
            ProgressMeters progress,
            HostBandwidth bandwidth,
            CreateVolume volume) {
        this.ports = ports;
        this.volume = volume;
        this.journal = journal;
        this.domain = journal.domainName();
        this.log = log;
        this.progress = progress;
        this.bandwidth = bandwidth;
        this.persistent =
                new PersistentOnLv(ports.guests().definitions(), ports.run().mode(), domain, log);
        this.failure = new LiveCopyFailure(ports.lvm().reads(), domain);
    }

    /** What the mirrors of {@link #run} wrote, a copy made again counted again; 0 when it made none. */
    public long mirroredBytes() {
        return mirroredBytes;
    }

    /** What the copies of {@link #run} made with synchronous writes wrote; 0 when it made none. */
    public long synchronousBytes() {
        return synchronousBytes;
    }

    /** How long those copies took until ready, switch apart: the pace a later plan predicts them at. */
    public long synchronousNanos() {
        return synchronousNanos;
    }

    /**
     * What the guest wrote from the start of {@link #run}'s first mirror until the one it switched
     * onto was ready; empty where its counters could not be read, or no mirror was seen from its start.
     */
    public Optional<GuestWriteRate> guestWrites() {
        return writes.flatMap(CopyWrites::during);
    }

    /** Runs {@code step}; {@code interrupted} when a run before this one started it (its job may be there). */
    public void run(CopyLive step, boolean interrupted) {
        ports.guests().blockJobs().with(domain, jobs -> {
            copy(jobs, step, interrupted);
            return null;
        });
    }

    private void copy(BlockJobs jobs, CopyLive step, boolean interrupted) {
        BlockCopy copy = new BlockCopy(jobs, step.disk());
        writes = Optional.of(new CopyWrites(jobs, step.disk()));
        String live = jobs.liveXml();
        Optional<String> source = MirrorState.sourceOf(live, domain, step.disk());
        MirrorState state = MirrorState.of(live, domain, step.disk());
        if (interrupted && source.equals(Optional.of(step.device())) && state == MirrorState.NONE) {
            log.println("  the interrupted run switched the guest onto " + step.device() + " already");
            persistent.ensure(jobs, step, true);
            return;
        }
        if (!source.equals(Optional.of(step.source()))) {
            throw VirtTuneException.refused(
                    where(step) + " runs on " + source.orElse("no source") + ", not on the planned " + step.source()
                            + " (rule: a live copy starts from the disk the guest runs on); nothing was copied; plan again");
        }
        Optional<String> destination = MirrorState.destinationOf(live, domain, step.disk());
        if (interrupted
                && destination.equals(Optional.of(step.device()))
                && copy.progress().isPresent()) {
            // Given back before the pause, the LV may differ from the source in chunks the guest wrote since,
            // and the run that would have checked them is gone.
            boolean givenBack = ThinReclaim.givenBackBeforePivot(journal.current(), step.device());
            if (state == MirrorState.READY && !givenBack) {
                log.println("  the interrupted run's copy onto " + step.device()
                        + " is ready: switching the guest onto it");
                if (!pivot(jobs, copy, step, true, true)) {
                    copyAndPivot(
                            jobs, copy, step, step.synchronousWrites(), false, false, OptionalLong.empty(), pool());
                }
                return;
            }
            log.println("  the interrupted run's copy onto " + step.device() + " is "
                    + (state == MirrorState.READY
                            ? "ready, but chunks of the LV were given back to its pool before the pause for the pivot"
                            : state.name().toLowerCase())
                    + ": aborting it (the guest stays on its source) and copying again");
            copy.abort();
        }
        Optional<String> outgrown = LiveChecks.outgrown(jobs, step, volume.sizeBytes());
        if (outgrown.isPresent()) {
            throw VirtTuneException.refused(outgrown.get() + "; nothing was copied: the guest runs on its source; roll"
                    + " back (" + failure.rollback() + ") to remove the LV, then plan again");
        }
        Optional<LogicalVolume> pool = pool();
        ZeroedTarget zeroed = ZeroedTarget.of(
                volume, journal.current(), interrupted, pool, jobs.libvirtVersion(), jobs.hypervisorVersion());
        certify(zeroed, step);
        OptionalLong freshCopyBytes =
                zeroed.zeroed() && !step.synchronousWrites() ? sourceData(jobs, step) : OptionalLong.empty();
        // The zeros the mirror never writes leave nothing to give back, before the pause or in it.
        copyAndPivot(
                jobs, copy, step, step.synchronousWrites(), !zeroed.zeroed(), zeroed.zeroed(), freshCopyBytes, pool);
    }

    /**
     * The data of the source {@code step} copies, from its map read beside the running guest ({@code
     * -U}); empty where it cannot be read, the whole disk then counted. A guest writing somewhere new
     * adds to it as the copy goes: an estimate, as the rule's others are.
     */
    private OptionalLong sourceData(BlockJobs jobs, CopyLive step) {
        try {
            String format = MirrorState.formatOf(jobs.liveXml(), domain, step.disk());
            return OptionalLong.of(
                    ports.copies().qemuImg().sharedMap(step.source(), format).allocatedBytes());
        } catch (VirtTuneException unread) {
            log.println("  the map of " + step.source() + " could not be read (" + unread.getMessage() + "): a copy"
                    + " made again is counted as the whole disk");
            return OptionalLong.empty();
        }
    }

    /** The LV's thin pool as LVM reports it now (the host's whole report read); empty for a linear LV. */
    private Optional<LogicalVolume> pool() {
        return volume.thin()
                ? ports.lvm().reads().report().logicalVolume(volume.vg(), volume.thinPool())
                : Optional.empty();
    }

    /**
     * Journals whether a copy's LV is certified to read as zeros, before the copy starts, and says it
     * when it is. The journal tells which copies left their LV's zeros unwritten and which wrote them,
     * and why, which the pool's room and the pause's reclaim differ by.
     */
    private void certify(ZeroedTarget zeroed, CopyLive step) {
        journal.save(journal.current()
                .with(new JournalEntry(
                        AutostartPause.DOMAIN,
                        zeroed.zeroed() ? MIRROR_SKIPS_ZEROS : MIRROR_WRITES_ZEROS,
                        JournalEntry.StepState.DONE,
                        ports.run().now(),
                        zeroed.zeroed() ? step.device() : step.device() + ": " + zeroed.why())));
        if (zeroed.zeroed()) {
            log.println("  the copy writes only " + step.source() + "'s data, the LV certified to read as zeros: "
                    + zeroed.why());
        }
    }

    /**
     * Copies, then pivots; a background copy the guest's writes outpace ({@link CopyTimings#convergenceWindow})
     * is aborted, the guest still on its source, and copied again with synchronous writes: neither
     * libvirt 9.0 nor 11 can switch a running mirror's copy mode (QEMU 8.2's block-job-change has no
     * libvirt API), and without {@code givingBackEarly}. A copy whose LV the pause found may differ from
     * the source is made again without it too: so that a guest writing where zeros were cannot keep its
     * move from ending.
     * The first copy onto a fresh LV may be {@code targetZeroed} ({@link ZeroedTarget}), and a copy made
     * again after an outpacing onto an LV emptied whole ({@link EmptiedTarget}), where a fast writer would
     * otherwise wait on the disk's zeros too; one made again after a refused switch writes them.
     * {@code freshCopyBytes} is what a copy made again writes, by which apply judges when a background
     * copy its guest outpaces is worth giving up ({@link io.virttune.blockjob.Convergence}): the
     * source's data alone where the first copy skips the zeros, since the copy made again may skip them
     * too ({@link EmptiedTarget}); empty for the whole disk, which every other copy made again writes.
     * {@code pool} is the LV's thin pool as LVM reported it at the first copy's start: whether it
     * zeroes new chunks is what a copy made again may skip the zeros by, and no copy changes it; what
     * must be read fresh, the chunks the LV maps once emptied, {@link EmptiedTarget} reads itself.
     */
    private void copyAndPivot(
            BlockJobs jobs,
            BlockCopy copy,
            CopyLive step,
            boolean synchronous,
            boolean givingBackEarly,
            boolean targetZeroed,
            OptionalLong freshCopyBytes,
            Optional<LogicalVolume> pool) {
        writes.orElseThrow().mirrorStarting();
        // A job not journaled as ours (or copying elsewhere) is refused here, left as it is. The
        // host's cap is shared with the copies other domains run at once, until this one pivots.
        HostBandwidth.Lease share = bandwidth.start(
                step.bandwidthBytesPerSecond(),
                speed -> copy.start(step.device(), settings(speed, synchronous, targetZeroed)),
                speed -> jobs.setSpeed(step.disk(), speed));
        CopyWait waited;
        boolean switched = false;
        try {
            waited = awaitReady(jobs, copy, step, synchronous, freshCopyBytes);
            if (waited instanceof CopyWait.Ready) {
                switched = pivot(jobs, copy, step, givingBackEarly, !targetZeroed);
            } else {
                copy.abort();
            }
        } catch (RuntimeException e) {
            // A job left running (not ready in time, libvirtd lost, a pivot refused) goes on copying:
            // its share stays booked for the rest of this run, so the others never exceed the cap.
            if (!stillCopying(copy)) {
                share.close();
            }
            throw e;
        }
        share.close();
        if (waited instanceof CopyWait.Outpaced outpaced) {
            log.println("  the guest outpaces the copy of " + step.disk() + ": " + outpaced.why()
                    + "; copying again with synchronous writes (each guest write reaches " + step.device()
                    + " before the guest sees it done)");
            // A guest that outpaced its copy writes fast: into the zero chunks a copy made again gave back
            // before its pause, in 4 of 4 such copies on forky, each disk then copied a third time. Given
            // back only with the guest paused, as after a refused switch (within its budget, the rest kept);
            // or, where the LV can be emptied whole, never written.
            ZeroedTarget emptied = EmptiedTarget.of(volume, step, jobs, ports.lvm(), pool);
            certify(emptied, step);
            if (!emptied.zeroed()) {
                log.println("  the copy made again writes " + step.device() + "'s zeros too: " + emptied.why());
            }
            copyAndPivot(jobs, copy, step, true, false, emptied.zeroed(), freshCopyBytes, pool);
        } else if (!switched) {
            copyAndPivot(jobs, copy, step, synchronous, false, false, freshCopyBytes, pool);
        }
    }

    /**
     * The copy followed with the progress meter until ready, or until the guest outpaced a background
     * copy (left copying), judged against a copy made again of {@code freshCopyBytes} (empty: the whole disk).
     */
    private CopyWait awaitReady(
            BlockJobs jobs, BlockCopy copy, CopyLive step, boolean synchronous, OptionalLong freshCopyBytes) {
        CopyTimings timings = timings();
        ProgressMeter meter = progress.live(step.disk(), step.device());
        long[] written = {0};
        Consumer<BlockJobProgress> shown = job -> {
            written[0] = job.cur();
            meter.bytes(job.cur(), job.end());
        };
        long started = System.nanoTime();
        try {
            // A synchronous copy gets closer with every byte it copies: only a background one can be outpaced.
            CopyWait waited = synchronous
                    ? new CopyWait.Ready(copy.awaitReady(timings.readyTimeout(), timings.poll(), shown))
                    : copy.awaitReadyUnlessOutpaced(
                            timings.readyTimeout(),
                            timings.poll(),
                            timings.convergenceWindow(),
                            freshCopyBytes.orElseGet(() -> jobs.capacityBytes(step.disk())),
                            shown);
            if (waited instanceof CopyWait.Ready) {
                meter.accept(100);
            } else {
                meter.stopShort();
            }
            mirroredBytes += written[0];
            if (synchronous) {
                synchronousBytes += written[0];
                synchronousNanos += System.nanoTime() - started;
            }
            return waited;
        } catch (VirtTuneException e) {
            throw failure.explain(jobs, step, e);
        }
    }

    /** Whether the copy's job is still there; when that cannot be read (libvirtd lost), it may be. */
    private static boolean stillCopying(BlockCopy copy) {
        try {
            return copy.progress().isPresent();
        } catch (RuntimeException unknown) {
            return true;
        }
    }

    /**
     * Switches the guest onto the ready copy, a thin LV's zero chunks given back first, with the guest
     * paused unless the mirror never wrote them ({@code givingBackInPause} false: nothing was given
     * back before either, so the pause has nothing to check), before the pause too when {@code
     * givingBackEarly}; false when the pause found the LV may differ from the source: then the guest
     * runs on its source and the copy is aborted.
     */
    private boolean pivot(
            BlockJobs jobs, BlockCopy copy, CopyLive step, boolean givingBackEarly, boolean givingBackInPause) {
        boolean switched;
        try {
            // Read before the pause: every libvirt call in it is pause time.
            String sourceFormat = MirrorState.formatOf(jobs.liveXml(), domain, step.disk());
            writes.orElseThrow().mirrorDone();
            // A mirror that never wrote the LV's zeros leaves none to give back: its map and pool go unread.
            Optional<ThinReclaim> reclaim = givingBackInPause
                    ? Optional.of(new ThinReclaim(
                            ports.lvm(),
                            ports.copies().qemuImg(),
                            ports.copies().pausedMaps(),
                            ports.run(),
                            timings(),
                            log,
                            step,
                            sourceFormat,
                            volume))
                    : Optional.empty();
            if (givingBackEarly) {
                reclaim.orElseThrow().beforePause(journal.current(), journal::save);
            }
            PivotPause pause = new PivotPause(jobs, ports.guests().blockJobs(), ports.run(), log);
            Runnable beforeSuspend = () -> {
                copy.requireReady();
                // Every catch-up from the suspend on runs at the device's pace, not the cap's: the guest
                // waits on it. Lifted the moment before the suspend, it holds no call in the pause (the
                // job ends with the pivot).
                jobs.setSpeed(step.disk(), 0);
            };
            switched = pause.around(
                    journal.current(), journal::save, PivotPauses.Target.of(volume.thin()), beforeSuspend, parts -> {
                        // Given back before the compare, so that the compare verifies the discards too.
                        if (reclaim.isEmpty()) {
                            log.println("  the mirror never wrote " + step.device()
                                    + "'s zeros: none to give back with the guest paused");
                        } else if (!reclaim.get().inPause(copy, parts)) {
                            return false;
                        }
                        if (step.verifyPaused()) {
                            new PausedCompare(jobs, ports.copies().comparer(), timings(), ports.run(), log, progress)
                                    .verify(copy, step, sourceFormat, volume.sizeBytes(), parts);
                        }
                        copy.switchOnto();
                        parts.ended("pivot");
                        return true;
                    });
            if (switched) {
                // Read once the guest runs again: the switch is made, and reading it back holds no guest.
                copy.checkSwitched(step.device());
            }
        } catch (VirtTuneException e) {
            throw failure.atPivot(jobs, step, e);
        }
        if (!switched) {
            copy.abort();
            log.println("  aborted the copy onto " + step.device() + " (the guest runs on its source, which holds every"
                    + " write it made); copying again, giving chunks back only with the guest paused");
            return false;
        }
        log.println("  the guest runs on " + step.device() + " now");
        // Journaled at once: from now on the LV holds the guest's newest writes, whatever fails next.
        journal.save(journal.current().verified(step.device()));
        persistent.ensure(jobs, step, false);
        return true;
    }

    private CopyTimings timings() {
        return ports.guests().blockJobs().timings();
    }

    private static BlockCopySettings settings(long bytesPerSecond, boolean synchronous, boolean targetZeroed) {
        BlockCopySettings settings = BlockCopySettings.DEFAULTS.withBandwidth(bytesPerSecond);
        settings = synchronous ? settings.withSynchronousWrites() : settings;
        return targetZeroed ? settings.withTargetZeroed() : settings;
    }

    private String where(CopyLive step) {
        return "disk " + step.disk() + " of '" + domain + "'";
    }
}
