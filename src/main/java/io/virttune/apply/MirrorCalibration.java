package io.virttune.apply;

import io.virttune.ExitCode;
import io.virttune.Sleep;
import io.virttune.VirtTuneException;
import io.virttune.apply.guards.ThinSpace;
import io.virttune.apply.journal.Calibration;
import io.virttune.apply.journal.StateDirectory;
import io.virttune.apply.live.CopyWrites;
import io.virttune.apply.ports.ApplyPorts;
import io.virttune.apply.ports.BlockJobsSource;
import io.virttune.apply.ports.LvmPorts;
import io.virttune.apply.ports.RunPorts;
import io.virttune.apply.undo.MirrorsInto;
import io.virttune.blockjob.BlockCopy;
import io.virttune.blockjob.BlockCopySettings;
import io.virttune.blockjob.BlockJobProgress;
import io.virttune.blockjob.BlockJobs;
import io.virttune.blockjob.MirrorState;
import io.virttune.lvm.CalibrationVolume;
import io.virttune.lvm.LogicalVolume;
import io.virttune.lvm.LvmReport;
import io.virttune.lvm.Sizes;
import io.virttune.lvm.VolumeGroup;
import io.virttune.lvm.VolumeName;
import io.virttune.process.ProcessTable;
import io.virttune.recipe.ZeroSkippingMirror;
import io.virttune.text.Bytes;
import io.virttune.xml.DomainXml;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;

/**
 * Times a running guest's mirror into a VG or thin pool ({@code calibrate --mirror}): the block
 * copy apply's live copy starts, from one of the guest's disks into a temporary calibration LV,
 * followed each poll for a bounded time, then aborted without a pivot (the guest stays on its
 * source) before the LV is removed, on every path.
 */
public final class MirrorCalibration {
    /** How long a mirror is timed unless told: long enough to pass its start, short for a guest's QEMU to carry. */
    public static final Duration DEFAULT_LIMIT = Duration.ofSeconds(20);

    private final LvmPorts lvm;
    private final RunPorts run;
    private final BlockJobsSource blockJobs;
    private final CalibrationRoom room;
    private final PrintWriter out;

    public MirrorCalibration(ApplyPorts ports, PrintWriter out) {
        this.lvm = ports.lvm();
        this.run = ports.run();
        this.blockJobs = ports.guests().blockJobs();
        this.room = new CalibrationRoom(new ThinSpace(lvm.reads(), run.state()));
        this.out = out;
    }

    /**
     * What to time: a disk of a running domain mirrored into a VG or a thin pool in it.
     *
     * @param thinPool null for a linear LV in the VG's free extents
     * @param disk the disk's target (vda); null for the one a live move would copy, the largest
     * @param limit the mirror is aborted after this, or once it is ready
     */
    public record Target(String vg, String thinPool, String domain, String disk, Duration limit) {
        /** {@code mirror} as {@code --mirror} takes it: DOMAIN, or DOMAIN:DISK. */
        public static Target of(String vg, String thinPool, String mirror, Duration limit) {
            int colon = mirror.lastIndexOf(':');
            if (colon == 0 || colon == mirror.length() - 1) {
                throw VirtTuneException.usage(
                        "--mirror " + mirror + ": give a domain, or a domain and one of its" + " disks (DOMAIN:vdb)");
            }
            if (limit.isNegative() || limit.isZero()) {
                throw VirtTuneException.usage("--mirror-seconds must be at least 1, not " + limit.toSeconds());
            }
            return colon < 0
                    ? new Target(vg, thinPool, mirror, null, limit)
                    : new Target(vg, thinPool, mirror.substring(0, colon), mirror.substring(colon + 1), limit);
        }
    }

    /** Times the mirror {@code target} names; empty in a dry run, which prints what it would create and copy. */
    public Optional<Calibration.Mirror> measure(Target target) {
        return blockJobs.with(target.domain(), jobs -> mirror(jobs, target));
    }

    private Optional<Calibration.Mirror> mirror(BlockJobs jobs, Target target) {
        String domain = target.domain();
        if (!jobs.running()) {
            throw VirtTuneException.refused("domain '" + domain + "' is not running: a mirror is timed in a running"
                    + " guest's own QEMU; start it, or name a running one; no mirror was timed");
        }
        String live = jobs.liveXml();
        String uuid = DomainXml.parse(live, "the live definition of '" + domain + "'")
                .uuid()
                .orElseThrow(() -> VirtTuneException.refused("the live definition of '" + domain + "' has no uuid,"
                        + " which its lock is named by; no mirror was timed"));
        // The lock apply, rollback and cleanup take on the domain: none of them works on its disks meanwhile
        // (a block job of theirs would meet this one's), and a dry run refuses while one does.
        try (StateDirectory.Held held = run.state().lock(uuid, domain, run.now())) {
            return mirror(jobs, target, live);
        }
    }

    private Optional<Calibration.Mirror> mirror(BlockJobs jobs, Target target, String live) {
        String domain = target.domain();
        String disk = TimedDisk.choose(jobs, live, target.disk());
        String source = MirrorState.sourceOf(live, domain, disk).orElseThrow();
        LvmReport report = lvm.reads().report();
        VolumeGroup vg = report.volumeGroup(target.vg())
                .orElseThrow(() -> VirtTuneException.refused(
                        "no volume group '" + target.vg() + "' on this host;" + " no mirror was timed"));
        long capacity = jobs.capacityBytes(disk);
        if (capacity <= 0) {
            throw VirtTuneException.refused(BlockJobs.noCapacity(domain, disk) + ": its mirror's LV cannot be sized"
                    + " as a live move's; name another disk (--mirror DOMAIN:DISK); no mirror was timed");
        }
        // As a live move's LV: the disk's whole virtual size, in whole extents.
        long size = Sizes.roundUp(capacity, vg.extentSizeBytes());
        VolumeName volume =
                CalibrationVolume.of(vg.name(), ProcessTable.current()).volume();
        ThinSpace.Reservation held = room.book(
                report,
                target.thinPool(),
                volume,
                size,
                CalibrationRoom.Booker.mirrorOf(domain),
                new CalibrationRoom.Wording(
                        "the mirror of disk " + disk + " may write its " + Bytes.format(size),
                        "name a smaller disk (--mirror DOMAIN:DISK)",
                        "no mirror was timed"));
        // The LV is fresh, made by this run: its zeros are skipped wherever a live move's would be, by the same
        // rule, so that the pace timed is of what a live move's mirror writes.
        Optional<String> writesZeros = ZeroSkippingMirror.whyNot(
                target.thinPool() == null ? null : target.vg() + "/" + target.thinPool(),
                Optional.ofNullable(target.thinPool())
                        .flatMap(pool -> report.logicalVolume(target.vg(), pool))
                        .filter(LogicalVolume::isThinPool)
                        .flatMap(LogicalVolume::zeroing),
                jobs.libvirtVersion(),
                jobs.hypervisorVersion());
        BlockCopySettings settings =
                writesZeros.isEmpty() ? BlockCopySettings.DEFAULTS.withTargetZeroed() : BlockCopySettings.DEFAULTS;
        out.println(run.mode().says("Creating ", "Would create ") + volume + ", " + Bytes.format(size)
                + (target.thinPool() == null ? " linear" : " thin in " + target.thinPool()) + ", to mirror disk "
                + disk + " of '" + domain + "' (" + source + ") into it as a live move does ("
                + writesZeros
                        .map(why -> "its zeros written, as a live move's mirror writes them: " + why)
                        .orElse("its zeros skipped, as a live move's mirror skips them")
                + "), for at most " + target.limit().toSeconds() + " s, then abort the copy (no pivot: the guest"
                + " stays on its source) and remove the LV");
        BlockCopy copy = new BlockCopy(jobs, disk);
        MirrorsInto mirrors = new MirrorsInto(blockJobs);
        // Registered with the LV, before it exists: whatever ends this run, a copy ends before the LV goes; a
        // signal's release waits for a start in flight, whose mirror libvirt shows only once it returned, and
        // no start follows it.
        CopyStart starting = new CopyStart(domain, disk, volume.devicePath(), CopyStart.PATIENCE);
        Runnable release = () -> starting.afterStart(() -> mirrors.abort(domain, disk, volume.devicePath()));
        // The room is given back once the LV is gone: the resources close in the reverse order.
        try (held;
                TemporaryVolume created =
                        TemporaryVolume.mirrorTarget(lvm, run.mode(), volume, target.thinPool(), size, release, out)) {
            // The guest's writes meanwhile tell whether this is an idle copy's pace or a busy one's first pass.
            CopyWrites guestWrites = new CopyWrites(jobs, disk);
            guestWrites.mirrorStarting();
            long started = System.nanoTime();
            starting.run(() -> start(copy, settings, domain, disk, volume));
            BlockJobProgress last = follow(jobs, copy, disk, volume.devicePath(), target.limit());
            long nanos = System.nanoTime() - started;
            guestWrites.mirrorDone();
            MirrorsInto.abortOn(jobs, disk, volume.devicePath());
            if (!run.mode().changesHost()) {
                return Optional.empty();
            }
            if (last.cur() <= 0 || nanos <= 0) {
                throw VirtTuneException.failed("the mirror of disk " + disk + " of '" + domain + "' copied nothing in "
                        + target.limit().toSeconds() + " s: no pace to keep; the guest runs on its source");
            }
            long pace = Math.max(1, (long) (last.cur() * 1e9 / nanos));
            Calibration.Mirror timed = new Calibration.Mirror(
                    domain, disk, last.cur(), pace, guestWrites.during().orElse(null));
            out.println("Mirrored " + Bytes.format(last.cur()) + " of disk " + disk + " of '" + domain + "' at "
                    + Bytes.format(pace) + "/s" + guestSaid(timed) + "; aborted, the guest runs on " + source);
            return Optional.of(timed);
        }
    }

    /** What the guest wrote meanwhile and what plan predicts by the pace, as the line after the mirror says it. */
    private static String guestSaid(Calibration.Mirror timed) {
        if (timed.guestWrites() == null) {
            return " (the guest's writes meanwhile could not be read: plan predicts idle copies by it)";
        }
        return String.format(
                        Locale.ROOT,
                        " while its guest wrote %.0f times a second (%s/s)",
                        timed.guestWrites().writesPerSecond(),
                        Bytes.format(timed.guestWrites().bytesPerSecond()))
                + (timed.guestBusy()
                        ? ": a busy guest's, so plan predicts busy guests' first pass by it until a busy live copy"
                                + " is journaled"
                        : ": an idle guest's, so plan predicts live copies by it until one is journaled");
    }

    /** Starts {@code copy} of {@code disk} of {@code domain} into {@code volume} so; a failed start says how to end it. */
    private static void start(
            BlockCopy copy, BlockCopySettings settings, String domain, String disk, VolumeName volume) {
        String device = volume.devicePath();
        try {
            // Uncapped, as apply copies without --host-bandwidth.
            copy.start(device, settings);
        } catch (VirtTuneException failed) {
            if (failed.exitCode() == ExitCode.REFUSED) {
                // Refused before virDomainBlockCopy was called (the disk has a job already): nothing was started.
                throw failed;
            }
            // libvirt may have started the job before its answer was lost: the release aborts it when it reaches
            // libvirt, and keeps the LV when it does not.
            throw VirtTuneException.failed(
                    "the mirror of disk " + disk + " of '" + domain + "' into " + device + " may have started though"
                            + " its start failed (" + failed.getMessage() + "): where this run kept the LV, end the"
                            + " copy with virsh blockjob " + domain + " " + disk + " --abort (never --pivot: the LV is"
                            + " no guest's disk); then " + CalibrationVolume.removal(volume.vg()),
                    failed);
        }
    }

    /**
     * The progress of the copy of {@code disk} into {@code device} read at its start and each poll,
     * until {@code limit} has passed or it is ready: the last read.
     */
    private BlockJobProgress follow(BlockJobs jobs, BlockCopy copy, String disk, String device, Duration limit) {
        long deadline = System.nanoTime() + limit.toNanos();
        Duration poll = blockJobs.timings().poll();
        BlockJobProgress last = progress(jobs, copy, disk, device);
        while (copy.state() != MirrorState.READY && System.nanoTime() - deadline < 0) {
            Sleep.of(poll, e -> VirtTuneException.failed("interrupted while timing the mirror", e));
            last = progress(jobs, copy, disk, device);
        }
        return last;
    }

    private static BlockJobProgress progress(BlockJobs jobs, BlockCopy copy, String disk, String device) {
        Optional<BlockJobProgress> now = copy.progress();
        if (now.isEmpty()) {
            // A pivot from outside ends the job too, the guest then on the LV: said so, not that it runs on its source.
            MirrorsInto.requireNotPivotedOnto(jobs, disk, device);
            throw VirtTuneException.failed("the mirror ended before it was timed (failed in QEMU, or ended from"
                    + " outside); the guest runs on its source");
        }
        return now.get();
    }
}
