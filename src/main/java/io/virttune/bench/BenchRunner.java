package io.virttune.bench;

import io.virttune.VirtTuneException;
import io.virttune.agent.GuestAgent;
import io.virttune.libvirt.DomainState;
import io.virttune.libvirt.LiveDomains;
import io.virttune.xml.DiskView;
import io.virttune.xml.DomainXml;
import java.time.Clock;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Runs one benchmark: checks the domain is running with an agent that answers and fio present,
 * runs fio in the guest while sampling the host's counters, optionally the host ceiling, and
 * returns the result (storing is the caller's).
 */
public final class BenchRunner {
    private final LiveDomains live;
    private final HostCounters host;
    private final HostCeiling ceiling;
    private final Duration pollInterval;
    private final Clock clock;
    private final Consumer<String> log;

    public BenchRunner(
            LiveDomains live,
            HostCounters host,
            HostCeiling ceiling,
            Duration pollInterval,
            Clock clock,
            Consumer<String> log) {
        this.live = live;
        this.host = host;
        this.ceiling = ceiling;
        this.pollInterval = pollInterval;
        this.clock = clock;
        this.log = log;
    }

    public BenchResult run(BenchRequest request) {
        String domain = request.domain();
        BenchSettings asked = request.settings();
        DomainState state = live.state(domain);
        if (state != DomainState.RUNNING) {
            throw VirtTuneException.failed(
                    "domain '" + domain + "' is " + state.label() + "; bench measures a running guest: start it first");
        }
        BenchedDomain benched = new BenchedDomain(domain, live.liveXml(domain));
        if (!benched.hasAgentChannel()) {
            throw VirtTuneException.failed("domain '" + domain + "' has no QEMU guest agent channel; add <channel"
                    + " type='unix'><target type='virtio' name='" + DomainXml.GUEST_AGENT_CHANNEL
                    + "'/></channel> to its"
                    + " <devices> (virsh edit), restart it, and run qemu-guest-agent in the guest");
        }
        if (request.hostCeiling() != null) {
            ceiling.requireSafe(request.hostCeiling());
        }
        DiskView measured = measuredDisk(benched, request);
        DiskFingerprint disk = DiskFingerprint.of(measured);
        GuestAgent agent = new GuestAgent(live, domain, pollInterval);
        agent.ping();
        BenchSettings settings = asked.withTarget(scratchDevice(
                new ScratchDeviceIdentity(live, agent, domain),
                new ScratchDeviceUse(agent, domain),
                asked.target(),
                measured,
                benched.disks()));
        GuestFio fio = new GuestFio(agent, domain, settings.fioPath(), log);
        String version = fio.version();
        ProfileRuns runs = new ProfileRuns(FioJobFile.bundled(), settings, ProfileRuns.Pause.THREAD_SLEEP, log);
        Optional<String> device = host.device(disk);
        String time = clock.instant().truncatedTo(ChronoUnit.SECONDS).toString();
        log.accept("bench: " + domain + " [" + request.label() + "] "
                + runs.sections().size() + " profiles, "
                + settings.loops() + " run(s) each, with " + version + " on "
                + settings.target().path() + " (fio up to "
                + runs.expected().toSeconds() + " s); disk " + disk.describe());
        DiskStatsSample before = device.isPresent() ? host.sample() : null;
        List<ProfileResult> profiles;
        try {
            profiles = runs.run(run -> fio.run(run, settings.target(), settings.timeoutSeconds()), "guest");
        } finally {
            fio.removeScratchFile(settings.target());
        }
        IostatFigures figures = device.map(name -> IostatFigures.between(before, host.sample(), name))
                .orElse(null);
        String unavailable = device.isPresent()
                ? null
                : "no host block device found under " + disk.sourceType() + " source '" + disk.source() + "'";
        HostView hostView = new HostView(
                figures,
                unavailable,
                request.hostCeiling() == null ? null : ceiling.run(runs, request.hostCeiling()),
                request.hostCeiling());
        return new BenchResult(
                BenchResult.SCHEMA,
                domain,
                request.label(),
                time,
                disk,
                settings.profileSet().name().toLowerCase(java.util.Locale.ROOT),
                settings.sizeBytes(),
                settings.runtimeSeconds(),
                settings.loops(),
                settings.target().path(),
                settings.target().device(),
                version,
                profiles,
                hostView);
    }

    /**
     * A whole device to overwrite is proven to be the disk named, or found in the guest as that disk,
     * and proven to hold nothing; a scratch file goes as it is.
     */
    private static BenchTarget scratchDevice(
            ScratchDeviceIdentity identity,
            ScratchDeviceUse use,
            BenchTarget target,
            DiskView disk,
            List<DiskView> disks) {
        if (!target.device()) {
            return target;
        }
        BenchTarget proven = target.toBeFound() ? BenchTarget.scratchDevice(identity.find(disk, disks)) : target;
        if (!target.toBeFound()) {
            identity.require(target.path(), disk, disks);
        }
        use.requireUnused(proven.path());
        return proven;
    }

    /** The scratch device's own disk when fio writes a whole device; refuses a device the domain does not have. */
    private static DiskView measuredDisk(BenchedDomain benched, BenchRequest request) {
        BenchTarget target = request.settings().target();
        if (!target.device() || target.toBeFound()) {
            return benched.disk(request.diskTarget());
        }
        String name = target.path().substring(target.path().lastIndexOf('/') + 1);
        if (request.diskTarget() != null && !request.diskTarget().equals(name)) {
            throw VirtTuneException.usage(
                    "--disk " + request.diskTarget() + " and --device " + target.path() + " name different disks");
        }
        return benched.disk(name);
    }
}
