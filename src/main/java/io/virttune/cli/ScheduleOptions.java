package io.virttune.cli;

import io.virttune.Sleep;
import io.virttune.VirtTuneException;
import io.virttune.apply.journal.Calibration;
import io.virttune.apply.journal.CopyPaces;
import io.virttune.apply.journal.DomainJournal;
import io.virttune.apply.journal.PivotPauses;
import io.virttune.apply.journal.StateDirectory;
import io.virttune.apply.journal.StateFiles;
import io.virttune.apply.journal.SwitchPauses;
import io.virttune.apply.journal.WriteSlowdown;
import io.virttune.bench.StoredRuns;
import io.virttune.fleet.FleetPlanner;
import io.virttune.host.RootedFileSystem;
import io.virttune.inspect.GuestWriteRate;
import io.virttune.inspect.GuestWriteSampler;
import io.virttune.inspect.GuestWrites;
import io.virttune.inspect.HostFacts;
import io.virttune.libvirt.LibvirtJavaConnection;
import io.virttune.libvirt.LibvirtUris;
import io.virttune.plan.BusyPaces;
import io.virttune.plan.CopyLive;
import io.virttune.plan.CopyRate;
import io.virttune.plan.DomainPlan;
import io.virttune.plan.MirrorPace;
import io.virttune.plan.OutpacedCopies;
import io.virttune.plan.Plan;
import io.virttune.plan.PlanTarget;
import io.virttune.plan.Schedule;
import io.virttune.plan.Scheduler;
import io.virttune.plan.SwitchPause;
import io.virttune.text.Durations;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.TypeConversionException;

/** The options of plan that predict each shut-off guest's downtime and order the guests into windows. */
public final class ScheduleOptions {
    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    @Option(
            names = "--copy-rate",
            paramLabel = "SIZE",
            converter = SizeConverter.class,
            description =
                    "predict each copy, each shut-off guest's downtime and each live guest's copy at SIZE per second a copy, its verify included"
                            + " (default: the median pace of this host's earlier copies, else the calibration of the"
                            + " target VG or pool (virt-tune calibrate), else the --bandwidth cap, else a stated"
                            + " default of 50 MiB/s)")
    Long copyRate;

    @Option(
            names = "--window",
            paramLabel = "DURATION",
            converter = DurationConverter.class,
            description = "order the guests that go down to move into maintenance windows of DURATION each (e.g. 4h,"
                    + " 90m), the longest first; apply --window N moves one window's guests")
    Duration window;

    @Option(
            names = "--state-dir",
            paramLabel = "DIR",
            description = "where this host's earlier applies journaled their copies and calibrate kept its"
                    + " measurements (default: /var/lib/virt-tune, read for a local qemu connection, and on each"
                    + " host of a fleet): the default --copy-rate and the pace of a live copy's mirror come from them")
    Path stateDir;

    @Option(
            names = "--write-sample",
            paramLabel = "DURATION",
            converter = SampleConverter.class,
            description = "before predicting the live copies, read each running guest's disk writes twice DURATION"
                    + " apart, every guest over the same wait (default: 2s; at most 60s; 0 turns it off): what a"
                    + " guest writes, the mirror copies again")
    Duration writeSample;

    @Option(
            names = "--background-first",
            description = "with --live and a schedule: start each live copy in the background even where its guest is"
                    + " predicted to outpace it (apply gives such a copy up and copies again with synchronous writes);"
                    + " by default such a copy is planned with synchronous writes from its start")
    boolean backgroundFirst;

    /** Long enough for a steady writer's rate, short beside the minutes a plan of live moves predicts. */
    private static final Duration DEFAULT_SAMPLE = Duration.ofSeconds(2);

    private static final Duration LONGEST_SAMPLE = Duration.ofSeconds(60);

    /** Whether a schedule was asked for. */
    boolean given() {
        return copyRate != null || window != null;
    }

    /**
     * --background-first, refused where nothing would read it: without --live and a schedule, no live copy
     * is predicted outpaced; with --synchronous-writes ({@code synchronousWrites}), none starts in the
     * background.
     */
    void requireBackgroundFirstApplies(boolean live, boolean synchronousWrites) {
        if (!backgroundFirst) {
            return;
        }
        if (!live || !given()) {
            throw new ParameterException(
                    spec.commandLine(),
                    "--background-first decides how the live copies a schedule predicts outpaced start: give it"
                            + " with --live and --window or --copy-rate");
        }
        if (synchronousWrites) {
            throw new ParameterException(
                    spec.commandLine(),
                    "--background-first starts the copies predicted outpaced in the background, and"
                            + " --synchronous-writes starts every live copy with synchronous writes: give one of them");
        }
    }

    /**
     * {@code plan}, made from {@code facts}, with the schedule asked for, if any; {@code bandwidth} is
     * the plan's cap per copy (0: none); {@code liveHost} when the facts were read from the host now,
     * not from files or a recording: only then are its running guests' writes sampled.
     */
    Plan scheduled(Plan plan, HostFacts facts, long bandwidth, boolean liveHost) {
        requireStateDirRead();
        if (!given()) {
            if (writeSample != null) {
                throw new ParameterException(
                        spec.commandLine(),
                        "--write-sample is read for the live copies' predictions: give --window or --copy-rate");
            }
            return plan;
        }
        boolean kept = copyRate == null && readsState(plan.uri());
        return scheduled(
                plan,
                facts,
                bandwidth,
                kept ? measured(new StateFiles(new RootedFileSystem(journals()), ""), plan) : Measured.NOTHING,
                guestWrites(plan, liveHost));
    }

    private Plan scheduled(Plan plan, HostFacts facts, long bandwidth, Measured measured, GuestWrites writes) {
        Scheduler scheduler = new Scheduler(
                rate(plan, bandwidth, measured),
                mirror(measured),
                busyPaces(plan, measured),
                switchPause(measured, plan.target().thin()),
                windowOrNone());
        return OutpacedCopies.synchronous(plan.withSchedule(
                (backgroundFirst ? scheduler.backgroundFirst() : scheduler).schedule(plan, facts, writes)));
    }

    private void requireStateDirRead() {
        if (stateDir != null && (window == null || copyRate != null)) {
            throw new ParameterException(
                    spec.commandLine(),
                    "--state-dir is read for the copy rate of --window, when no --copy-rate is given");
        }
    }

    /**
     * The writes of the guests {@code plan} moves live, over one wait for all of them; none where
     * the sample is off or there is no running guest of the qemu driver to read (the test driver's
     * counters are invented).
     */
    private GuestWrites guestWrites(Plan plan, boolean liveHost) {
        Map<String, List<String>> disks = new LinkedHashMap<>();
        for (DomainPlan domain : plan.domains()) {
            List<String> copied = domain.steps().stream()
                    .filter(step -> step instanceof CopyLive)
                    .map(step -> ((CopyLive) step).disk())
                    .toList();
            if (!copied.isEmpty()) {
                disks.put(domain.name(), copied);
            }
        }
        if (disks.isEmpty()) {
            return GuestWrites.none("no live copy");
        }
        Duration interval = writeSample == null ? DEFAULT_SAMPLE : writeSample;
        if (interval.isZero()) {
            return GuestWrites.none("--write-sample 0");
        }
        if (!liveHost || !LibvirtUris.daemon(plan.uri()).startsWith("qemu://")) {
            return GuestWrites.none("planned from files or a recording, not from a running qemu host");
        }
        return sampled(plan.uri(), disks, interval);
    }

    /**
     * The writes of {@code disks} (targets by domain) on {@code uri} over {@code interval}; none
     * where libvirt cannot be reached.
     */
    static GuestWrites sampled(String uri, Map<String, List<String>> disks, Duration interval) {
        LibvirtJavaConnection live;
        try {
            live = LibvirtJavaConnection.openReadOnly(uri);
        } catch (VirtTuneException unreachable) {
            return GuestWrites.none("libvirt could not be reached: " + unreachable.getMessage());
        }
        // Past the connection, a guest whose writes cannot be read is left unsampled by the sampler,
        // and an interrupt fails plan as an interruption: neither is libvirt unreached.
        try (live) {
            return new GuestWriteSampler(
                            live::diskWrites,
                            System::nanoTime,
                            wait -> Sleep.of(
                                    wait,
                                    e -> VirtTuneException.failed("interrupted while sampling the guests' writes", e)))
                    .sample(disks, interval);
        }
    }

    /**
     * What a host's state directory holds for a plan: its journals and its target's calibration.
     *
     * @param where the directory as read; empty when it was not read
     * @param unread why it could not be read, for the basis to say; empty when it was
     */
    private record Measured(
            List<DomainJournal> journals,
            Optional<Calibration> calibration,
            Optional<String> where,
            Optional<String> unread) {
        static final Measured NOTHING = new Measured(List.of(), Optional.empty(), Optional.empty(), Optional.empty());

        /**
         * Why a measure is missing, for its basis: why the state could not be read, else {@code
         * absent} of the directory read, else {@code notRead} where none was.
         */
        String whyNone(Function<String, String> absent, String notRead) {
            return unread.orElseGet(() -> where.map(absent).orElse(notRead));
        }
    }

    /**
     * The journals and the calibration, each read once. A state that cannot be read (a file this
     * user may not read, a torn journal, the door failing) predicts nothing, as a host with no history
     * would be predicted, and the basis says so and why: it is not a host where nothing was journaled.
     */
    private static Measured measured(StateFiles state, Plan plan) {
        PlanTarget target = plan.target();
        Optional<String> where = Optional.of(state.describe());
        try {
            return new Measured(
                    state.journals(), state.calibration(target.vg(), target.thinPool()), where, Optional.empty());
        } catch (VirtTuneException unreadable) {
            return new Measured(
                    List.of(),
                    Optional.empty(),
                    where,
                    Optional.of("the state in " + where.get()
                            + " could not be read, so this host is predicted as with no history: "
                            + unreadable.getMessage().replaceAll("\\s*\\n\\s*", " ")));
        }
    }

    /**
     * The pace a live copy's mirror writes at, the best first: this host's earlier live copies (all
     * their mirrors wrote, zeros included, over their time), else the guest's mirror a calibration of
     * the plan's VG or pool timed (calibrate --mirror), else the calibration's writes of the
     * plan's VG or pool for the zeros; none beside the operator's --copy-rate, which is every copy's.
     */
    private MirrorPace mirror(Measured kept) {
        if (copyRate != null) {
            return MirrorPace.UNMEASURED;
        }
        Optional<CopyPaces> earlier = CopyPaces.live(kept.journals());
        if (earlier.isPresent()) {
            return MirrorPace.earlierLiveCopies(
                    earlier.get().bytesPerSecond(), earlier.get().basis("live copy"));
        }
        // A mirror timed while its guest wrote went at a busy copy's pace, which predicts busy guests alone.
        Optional<MirrorPace> timed = kept.calibration()
                .flatMap(calibration -> calibration
                        .timedMirror(false)
                        .map(idle -> MirrorPace.calibratedMirror(
                                idle.bytesPerSecond(), calibration.mirrorBasis().orElseThrow())));
        if (timed.isPresent()) {
            return timed.get();
        }
        return kept.calibration()
                .map(calibration -> MirrorPace.calibratedWrites(
                        calibration.writeBytesPerSecond(),
                        "the write pace of the calibration of " + calibration.target() + " at "
                                + calibration.measuredAt()))
                .orElse(MirrorPace.UNMEASURED);
    }

    /**
     * The paces a busy guest's copy goes at: its scattered granules at the
     * calibration's scattered writes, else at a stated share of the first pass's pace; a copy made
     * again at the median pace of this host's journaled synchronous copies, else at the granules';
     * and its guest's writes meanwhile at its sampled rate times the median ratio of this host's
     * journaled busy copies, else at its sampled rate; its first pass at the median pace of this
     * host's journaled live copies whose guest wrote 10 times a second or more during them, else at
     * the mirror calibrate timed while its guest wrote so, where that is slower than the mirror's,
     * else at the mirror's.
     */
    private static BusyPaces busyPaces(Plan plan, Measured kept) {
        PlanTarget target = plan.target();
        String where = target.thin() ? "--thin-pool " + target.pool() : "--vg " + target.vg();
        String measure = "virt-tune calibrate " + where + " --execute measures one";
        BusyPaces.Pace granules = kept.calibration()
                .map(calibration -> calibration
                        .scatteredBasis()
                        .map(basis ->
                                BusyPaces.Pace.calibratedGranules(calibration.scatteredWriteBytesPerSecond(), basis))
                        .orElseGet(() -> BusyPaces.Pace.derivedGranules("the calibration of " + calibration.target()
                                + " at " + calibration.measuredAt() + " was made before calibrate measured scattered"
                                + " writes (" + measure + ")")))
                .orElseGet(() -> BusyPaces.Pace.derivedGranules(kept.whyNone(
                                dir -> "no calibration of "
                                        + (target.thin() ? "thin pool " + target.pool() : "VG " + target.vg())
                                        + " kept in " + dir,
                                "this host's calibrations were not read")
                        + " (" + measure + ")"));
        BusyPaces.Pace synchronous = CopyPaces.synchronous(kept.journals())
                .map(earlier ->
                        BusyPaces.Pace.earlierSynchronous(earlier.bytesPerSecond(), earlier.basis("synchronous copy")))
                .orElseGet(() -> BusyPaces.Pace.atGranules(kept.whyNone(
                        dir -> "no copy with synchronous writes journaled in " + dir,
                        "this host's journals were not read")));
        BusyPaces.WritesFactor during = WriteSlowdown.of(kept.journals())
                .map(earlier -> BusyPaces.WritesFactor.earlierLiveCopies(earlier.ratio(), earlier.basis()))
                .orElseGet(() -> BusyPaces.WritesFactor.sampled(kept.whyNone(
                        dir -> "no busy live copy journaled in " + dir + " with its guest's writes during it",
                        "this host's journals were not read")));
        BusyPaces.Pace firstPass = CopyPaces.busyLive(kept.journals(), GuestWriteRate.BUSY_FLOOR)
                .map(earlier -> BusyPaces.Pace.earlierBusy(earlier.bytesPerSecond(), earlier.basis("busy live copy")))
                .or(() -> kept.calibration()
                        .flatMap(calibration -> calibration
                                .timedMirror(true)
                                .map(busy -> BusyPaces.Pace.calibratedBusy(
                                        busy.bytesPerSecond(),
                                        calibration.mirrorBasis().orElseThrow()))))
                .orElseGet(() -> BusyPaces.Pace.asIdle(kept.whyNone(
                        dir -> "no live copy journaled in " + dir + " with its guest writing during it, and no"
                                + " mirror calibrated while its guest wrote (virt-tune calibrate " + where
                                + " --mirror DOMAIN --execute, its guest at its usual load, measures one)",
                        "this host's journals were not read")));
        return new BusyPaces(granules, synchronous, during, firstPass);
    }

    /**
     * What each live switch pauses its guest for: the median of this host's earlier switches onto
     * the plan's kind of LV ({@code thin} or linear), if any.
     */
    private static SwitchPause switchPause(Measured kept, boolean thin) {
        return SwitchPauses.of(kept.journals(), PivotPauses.Target.of(thin))
                .map(earlier -> new SwitchPause(earlier.millis(), earlier.basis()))
                .orElse(SwitchPause.UNMEASURED);
    }

    /**
     * The rate to predict by, the best first: the operator's, this host's earlier copies (the real
     * thing, source reads and all), the calibration of the plan's VG or pool (its writes and reads
     * alone), the --bandwidth cap, else the stated default, which says what was not measured.
     */
    private CopyRate rate(Plan plan, long bandwidth, Measured kept) {
        if (copyRate != null) {
            return CopyRate.given(copyRate);
        }
        Optional<CopyPaces> earlier = CopyPaces.of(kept.journals());
        if (earlier.isPresent()) {
            return CopyRate.earlierCopies(
                    earlier.get().bytesPerSecond(), earlier.get().basis("copy"));
        }
        PlanTarget target = plan.target();
        Optional<Calibration> calibration = kept.calibration();
        if (calibration.isPresent()) {
            Calibration measured = calibration.get();
            Instant now = Instant.parse(plan.createdAt());
            return CopyRate.calibrated(
                    measured.copyBytesPerSecond(),
                    measured.basisAt(now),
                    new Schedule.Calibrated(
                            measured.vg(),
                            measured.thinPool(),
                            measured.writeBytesPerSecond(),
                            measured.readBytesPerSecond(),
                            measured.measuredAt(),
                            measured.ageAt(now).getSeconds()));
        }
        if (bandwidth > 0) {
            CopyRate cap = CopyRate.bandwidth(bandwidth);
            return kept.unread().map(cap::noting).orElse(cap);
        }
        String where = target.thin() ? "--thin-pool " + target.pool() : "--vg " + target.vg();
        String measure = "virt-tune calibrate " + where + " --execute measures one";
        if (kept.unread().isPresent()) {
            return CopyRate.statedDefault(kept.unread().get() + "; no --copy-rate");
        }
        if (kept.where().isEmpty()) {
            return CopyRate.statedDefault("this host's journals and calibrations were not read (not a local qemu"
                    + " connection: --state-dir DIR reads them; " + measure + "), no --copy-rate");
        }
        return CopyRate.statedDefault("no copy journaled in " + kept.where().get() + ", no calibration of "
                + (target.thin() ? "thin pool " + target.pool() : "VG " + target.vg()) + " kept there (" + measure
                + "), no --copy-rate");
    }

    /** Whether the state directory read is this host's: a local qemu connection's, or one given. */
    private boolean readsState(String uri) {
        return stateDir != null || LibvirtUris.isLocalQemu(uri);
    }

    /**
     * The schedule of each host of a fleet, if one was asked for: each host's own windows, the
     * hosts copying at once, each predicted as its plan alone would be, by the journals and the
     * calibrations in its own state directory ({@code --state-dir}, a path on each host), read
     * through its door; {@code bandwidth} is the plan's cap per copy.
     */
    Optional<FleetPlanner.Scheduling> forEachHost(long bandwidth) {
        requireStateDirRead();
        if (writeSample != null) {
            throw new ParameterException(
                    spec.commandLine(), "--write-sample samples this host's guests: not those of --host or --hosts");
        }
        if (backgroundFirst) {
            // Unsampled, no copy of a fleet's is predicted outpaced: every one starts in the background.
            throw new ParameterException(
                    spec.commandLine(),
                    "--background-first decides for a sample of this host's guests, and those of --host or --hosts"
                            + " are not sampled: every live copy of a fleet starts in the background already");
        }
        if (!given()) {
            return Optional.empty();
        }
        Path each = journals();
        StoredRuns.requireAbsolute(each);
        String root = each.toString().substring(1);
        return Optional.of((plan, facts, files) -> scheduled(
                plan,
                facts,
                bandwidth,
                copyRate == null ? measured(new StateFiles(files, root), plan) : Measured.NOTHING,
                GuestWrites.none("a fleet's guests are not sampled")));
    }

    private Path journals() {
        return stateDir == null ? StateDirectory.DEFAULT : stateDir;
    }

    private Duration windowOrNone() {
        return window == null ? Duration.ZERO : window;
    }

    /** A sample's interval: 0 (off), or a duration of at most a minute, as 2s or 1m. */
    static final class SampleConverter implements ITypeConverter<Duration> {
        @Override
        public Duration convert(String text) {
            if (text.trim().equals("0")) {
                return Duration.ZERO;
            }
            Duration sample = Durations.parse(text)
                    .orElseThrow(() -> new TypeConversionException(
                            "'" + text + "' is not a duration (examples: 2s, 10s; 0 turns the sample off)"));
            if (sample.compareTo(LONGEST_SAMPLE) > 0) {
                throw new TypeConversionException("'" + text + "' is longer than the 60s a sample may wait");
            }
            return sample;
        }
    }

    /** A duration as 4h, 1h30m, 90m or 45s. */
    static final class DurationConverter implements ITypeConverter<Duration> {
        @Override
        public Duration convert(String text) {
            return Durations.parse(text)
                    .orElseThrow(() ->
                            new TypeConversionException("'" + text + "' is not a duration (examples: 4h, 1h30m, 90m)"));
        }
    }
}
