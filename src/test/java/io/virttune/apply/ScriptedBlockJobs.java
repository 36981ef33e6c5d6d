package io.virttune.apply;

import io.virttune.VirtTuneException;
import io.virttune.apply.ports.BlockJobsSource;
import io.virttune.apply.ports.CopyTimings;
import io.virttune.blockjob.BlockCopySettings;
import io.virttune.blockjob.BlockJobProgress;
import io.virttune.blockjob.BlockJobs;
import io.virttune.blockjob.PauseReason;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * One running domain's block job on one disk, as libvirt 9.0 shows it: the definitions it reads
 * back are the ones recorded in the lab (src/test/resources/libvirt/blockcopy) while copying, in
 * sync and after the pivot, with the lab's LV replaced by the test's. The job gets ready after a
 * number of progress reads the test sets; a pivot rewrites both definitions, as libvirt does.
 */
final class ScriptedBlockJobs implements BlockJobs {
    /** Where the recorded guest's disk was copied to in the lab. */
    private static final String LAB_LV = "/dev/vexp/same";

    private static final long MIB = 1L << 20;

    /** The recorded guest's persistent definition before the copy: its SATA qcow2 disk, as defined. */
    static final String PERSISTENT = recorded("inactive-pivoted", "/dev/vexp/same")
            .replace(
                    "<disk type='block' device='disk'>\n      <driver name='qemu' type='raw'/>\n"
                            + "      <source dev='/dev/vexp/same'/>\n      <backingStore/>\n",
                    "<disk type='file' device='disk'>\n      <driver name='qemu' type='qcow2'/>\n"
                            + "      <source file='/var/lib/libvirt/images/exp/g1.qcow2'/>\n");

    static final String IMAGE = "/var/lib/libvirt/images/exp/g1.qcow2";

    enum Job {
        NONE,
        COPYING,
        READY
    }

    final List<String> calls = new ArrayList<>();
    private final InMemoryDefinitions libvirt;
    private final String device;
    Job job = Job.NONE;
    /** Progress reads while copying before the mirror is ready. */
    int readsUntilReady = 2;

    boolean rewritesPersistent = true;
    /** Thrown by the next pivot, instead of it: what QEMU's abort at the mirror's completion looks like to libvirt. */
    RuntimeException pivotFailure;
    /** Whether QEMU ends with the failed pivot, as QEMU 7.2 did in the lab under guest writes. */
    boolean pivotFailureStopsGuest;
    /** Run when the job gets ready: what someone else does to the domain then. */
    Runnable whenReady = () -> {};
    /** Run when the guest is paused: what QEMU's job does meanwhile (e.g. fails and leaves ready). */
    Runnable whenPaused = () -> {};
    /** Run after a pivot: what someone else does to the domain then. */
    Runnable afterPivot = () -> {};
    /** Run once a copy started, before the call returns: what may still fail the call (its answer lost). */
    Runnable whenCopyStarted = () -> {};

    Duration readyTimeout = Duration.ofMinutes(1);
    Duration convergenceWindow = Duration.ofMinutes(2);
    /**
     * The guest writes as fast as a background copy copies: such a copy copies on without getting
     * closer and is never ready; a synchronous one gets ready as any.
     */
    boolean guestOutpacesBackgroundCopies;

    private boolean synchronousCopy;
    /** The copy's bandwidth now, as set at its start or by setSpeed (0: uncapped). */
    private long speed;
    /** The bandwidth of the copy at each progress read made while the guest was paused: the catch-up's. */
    final List<Long> speedsReadPaused = new ArrayList<>();
    /** Each definition read while the guest was paused, {@code live} or {@code inactive}: pause time. */
    final List<String> definitionsReadPaused = new ArrayList<>();

    private long copiedInVain;
    /** Progress reads before the guest stops (shut down or destroyed), ending its job; negative: never. */
    int readsUntilGuestStops = -1;
    /** Progress reads before the job fails by itself (its target full, say), the guest running on; negative: never. */
    int readsUntilJobFails = -1;
    /** Run when the job fails by itself: what made it fail, as the host shows it then. */
    Runnable whenJobFails = () -> {};
    /** Progress reads before libvirtd goes away (restarted): every call then fails, until a test says it is back. */
    int readsUntilLibvirtdLost = -1;

    boolean libvirtdLost;
    /** libvirtd goes away right after the guest is paused for the pivot (restarted then). */
    boolean libvirtdLostAtPause;
    /**
     * While libvirtd is away, how many new connections fail before it answers again; negative: a
     * new connection always works (the tests that bring libvirtd back themselves).
     */
    int connectionsUntilLibvirtdBack = -1;
    /**
     * The disk's size as the guest sees it at each read of it (virDomainGetBlockInfo's capacity),
     * the last repeating: the 128 MiB image's, unless a test grows it (virsh blockresize).
     */
    final java.util.Deque<Long> capacities = new java.util.ArrayDeque<>(List.of(128 * MIB));
    /**
     * The disk's write counters at each read of them (virDomainBlockStats), the last repeating; none
     * scripted, libvirt fails to say them.
     */
    final java.util.Deque<io.virttune.libvirt.DiskWrites> writes = new java.util.ArrayDeque<>();
    /** The connection's libvirt and hypervisor: Debian 12's, unless a test says otherwise. */
    String libvirtVersion = "9.0.0";

    String hypervisorVersion = "QEMU 7.2.0";

    /** Why libvirt says the guest is paused, when it is: what virDomainSuspend gives, unless a test says otherwise. */
    PauseReason pauseReason = PauseReason.USER;

    /** The recorded guest {@code g1}, running, with its disk sda copied onto {@code device}. */
    ScriptedBlockJobs(InMemoryDefinitions libvirt, String device) {
        this.libvirt = libvirt;
        this.device = device;
        libvirt.add(PERSISTENT, io.virttune.libvirt.DomainState.SHUTOFF);
        startGuest();
    }

    /** Starts the guest on the disk its persistent definition names, with no job. */
    void startGuest() {
        libvirt.start("g1", recorded("live-copying", device).replaceAll("(?s)\\s*<mirror.*?</mirror>", ""));
    }

    /** Apply's port onto this domain's jobs, polling without a pause. */
    BlockJobsSource source() {
        ScriptedBlockJobs jobs = this;
        return new BlockJobsSource() {
            @Override
            public <T> T with(String domain, Function<BlockJobs, T> action) {
                if (libvirtdLost && connectionsUntilLibvirtdBack >= 0) {
                    if (connectionsUntilLibvirtdBack-- > 0) {
                        throw VirtTuneException.failed("cannot connect to qemu:///system: Failed to connect socket to"
                                + " '/var/run/libvirt/libvirt-sock': No such file or directory");
                    }
                    libvirtdLost = false;
                }
                return action.apply(jobs);
            }

            @Override
            public CopyTimings timings() {
                return new CopyTimings(Duration.ZERO, readyTimeout, convergenceWindow);
            }
        };
    }

    /** A port no test step may reach: the tests of offline moves. */
    static BlockJobsSource none() {
        return new BlockJobsSource() {
            @Override
            public <T> T with(String domain, Function<BlockJobs, T> action) {
                throw new AssertionError("no block job expected for " + domain);
            }
        };
    }

    @Override
    public String domain() {
        return "g1";
    }

    @Override
    public String libvirtVersion() {
        return libvirtVersion;
    }

    @Override
    public String hypervisorVersion() {
        return hypervisorVersion;
    }

    @Override
    public void copy(String disk, String destinationXml, BlockCopySettings settings) {
        calls.add("copy " + disk + " " + destinationXml + " bandwidth=" + settings.bandwidthBytesPerSecond() + " sync="
                + settings.synchronousWrites() + (settings.targetZeroed() ? " target-zeroed" : ""));
        if (job != Job.NONE) {
            throw VirtTuneException.failed("block copy: disk '" + disk + "' already in active block job");
        }
        job = Job.COPYING;
        synchronousCopy = settings.synchronousWrites();
        speed = settings.bandwidthBytesPerSecond();
        whenCopyStarted.run();
    }

    @Override
    public Optional<BlockJobProgress> progress(String disk) {
        if (readsUntilLibvirtdLost-- == 0) {
            libvirtdLost = true;
        }
        requireLibvirtd("read the block job of disk '" + disk + "' of");
        if (readsUntilJobFails-- == 0) {
            job = Job.NONE;
            whenJobFails.run();
        }
        if (readsUntilGuestStops-- == 0) {
            libvirt.stop("g1");
            job = Job.NONE;
        }
        if (running() && state() == io.virttune.libvirt.DomainState.PAUSED) {
            speedsReadPaused.add(speed);
        }
        if (!running()) {
            // What libvirt 9.0 answered in the lab once the guest was destroyed mid-copy.
            throw VirtTuneException.failed("cannot read the block job of disk '" + disk + "' of domain 'g1': Requested"
                    + " operation is not valid: domain is not running");
        }
        if (job == Job.COPYING && guestOutpacesBackgroundCopies && !synchronousCopy) {
            copiedInVain += 1 << 20;
            return Optional.of(new BlockJobProgress(90 * MIB + copiedInVain, 100 * MIB + copiedInVain));
        }
        if (job == Job.COPYING && readsUntilReady-- <= 0) {
            job = Job.READY;
            whenReady.run();
        }
        return switch (job) {
            case NONE -> Optional.empty();
            case COPYING -> Optional.of(new BlockJobProgress(1, 4));
            case READY -> Optional.of(new BlockJobProgress(4, 4));
        };
    }

    @Override
    public void setSpeed(String disk, long bytesPerSecond) {
        calls.add("speed " + disk + " " + bytesPerSecond);
        requireLibvirtd("set the speed of the block job of disk '" + disk + "' of");
        speed = bytesPerSecond;
    }

    @Override
    public void abort(String disk, boolean pivot) {
        calls.add("abort " + disk + " pivot=" + pivot);
        requireLibvirtd((pivot ? "pivot" : "abort") + " the block job of disk '" + disk + "' of");
        if (pivot && pivotFailure != null) {
            RuntimeException failure = pivotFailure;
            pivotFailure = null;
            if (pivotFailureStopsGuest) {
                libvirt.stop("g1");
                job = Job.NONE;
            }
            throw failure;
        }
        if (pivot && job != Job.READY) {
            // As libvirt refuses it (qemuDomainBlockPivot): QEMU completes only a job that is ready.
            throw VirtTuneException.failed("cannot pivot the block copy of disk '" + disk + "' of domain 'g1':"
                    + " Requested operation is not valid: disk '" + disk + "' not ready for pivot yet");
        }
        job = Job.NONE;
        if (pivot) {
            libvirt.rewrite(
                    "g1",
                    recorded("live-pivoted", device),
                    rewritesPersistent ? recorded("inactive-pivoted", device) : libvirt.inactiveXml("g1"));
            afterPivot.run();
        }
    }

    @Override
    public boolean running() {
        if (libvirtdLost) {
            throw VirtTuneException.failed("cannot tell whether domain 'g1' runs: Cannot write data: Broken pipe");
        }
        return !state().isShutOff();
    }

    @Override
    public long capacityBytes(String disk) {
        requireLibvirtd("read the size of disk " + disk + " of");
        return capacities.size() > 1 ? capacities.poll() : capacities.peek();
    }

    @Override
    public io.virttune.libvirt.DiskWrites writes(String disk) {
        requireLibvirtd("read the writes of disk " + disk + " of");
        if (writes.isEmpty()) {
            throw VirtTuneException.failed("cannot read the writes of disk " + disk + " of domain 'g1': no stats");
        }
        return writes.size() > 1 ? writes.poll() : writes.peek();
    }

    @Override
    public Optional<PauseReason> pausedFor() {
        requireLibvirtd("read the state of");
        return state() == io.virttune.libvirt.DomainState.PAUSED ? Optional.of(pauseReason) : Optional.empty();
    }

    @Override
    public void pause() {
        calls.add("pause");
        libvirt.state("g1", io.virttune.libvirt.DomainState.PAUSED);
        libvirtdLost |= libvirtdLostAtPause;
        whenPaused.run();
    }

    @Override
    public void resume() {
        calls.add("resume");
        libvirt.state("g1", io.virttune.libvirt.DomainState.RUNNING);
    }

    private io.virttune.libvirt.DomainState state() {
        return libvirt.find("g1").orElseThrow().state();
    }

    @Override
    public String liveXml() {
        readPaused("live");
        if (!running()) {
            // libvirt gives a domain that does not run its persistent definition.
            return libvirt.inactiveXml("g1");
        }
        return switch (job) {
            case NONE -> libvirt.liveXmlOrNull("g1");
            case COPYING -> recorded("live-copying", device);
            case READY -> recorded("live-ready", device);
        };
    }

    @Override
    public String inactiveXml() {
        readPaused("inactive");
        return libvirt.inactiveXml("g1");
    }

    private void readPaused(String definition) {
        if (running() && state() == io.virttune.libvirt.DomainState.PAUSED) {
            definitionsReadPaused.add(definition);
        }
    }

    /** What libvirt's client answered in the lab once libvirtd had been stopped under it. */
    private void requireLibvirtd(String what) {
        if (libvirtdLost) {
            throw VirtTuneException.failed("cannot " + what + " domain 'g1': Cannot write data: Broken pipe");
        }
    }

    private static String recorded(String name, String device) {
        return io.virttune.Fixtures.project("src/test/resources/libvirt/blockcopy/" + name + ".xml")
                .replace(LAB_LV, device);
    }
}
