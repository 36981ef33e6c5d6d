package io.virttune.plan;

import io.virttune.VirtTuneException;
import io.virttune.host.HostSettings;
import io.virttune.inspect.DomainFacts;
import io.virttune.inspect.HostFacts;
import io.virttune.libvirt.DomainState;
import io.virttune.lvm.LogicalVolume;
import io.virttune.lvm.LvmNames;
import io.virttune.lvm.LvmReport;
import io.virttune.lvm.VolumeGroup;
import io.virttune.recipe.DriverEvidence;
import io.virttune.recipe.HostLevers;
import io.virttune.recipe.IoUringRule;
import io.virttune.recipe.StackVersion;
import io.virttune.text.Bytes;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Turns a host's facts and the operator's policy into a {@link Plan}. A pure function: it reads
 * facts and writes nothing; apply is the only place with side effects.
 */
public final class MigrationPlanner {
    /** LVM's default extent size, assumed when planning without the host's LVM report. */
    static final long LVM_DEFAULT_EXTENT = 4L << 20;

    /** The warning that records, in the plan, that the operator accepted writeback's risk. */
    public static final String WRITEBACK_ACCEPTED = "cache=writeback: faster random writes, but writes the guest"
            + " was told are safe are lost on a host crash or power cut; accepted explicitly for this plan";

    private final PlanPolicy policy;

    public MigrationPlanner(PlanPolicy policy) {
        this.policy = policy;
    }

    public Plan plan(HostFacts facts, Instant now) {
        requireValidLvmNames(policy.target());
        List<String> assumptions = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        List<Step> hostSteps = new ArrayList<>();
        PlanEnvironment env = environment(facts, assumptions, warnings, hostSteps);
        DomainPlanner planner = new DomainPlanner(env);
        List<DomainPlan> domains = new ArrayList<>();
        for (DomainFacts domain : facts.domains()) {
            domains.add(planner.plan(domain, domain.xml().flatMap(facts::emulatorOf)));
        }
        warnings.addAll(VirtioReadyNames.warnings(policy.virtioReadyDomains(), domains));
        boolean anyMoves = domains.stream().flatMap(d -> d.steps().stream()).anyMatch(s -> s instanceof CreateVolume);
        if (!anyMoves) {
            hostSteps.clear();
        }
        DiskSpace.unmapped(domains).ifPresent(assumptions::add);
        new ThinPoolSpace(policy).overcommit(facts, hostSteps, domains).ifPresent(warnings::add);
        if (policy.cacheMode().equals("writeback")) {
            warnings.add(WRITEBACK_ACCEPTED);
        }
        return new Plan(
                Plan.SCHEMA,
                Plan.VERSION,
                now.toString(),
                facts.identity().uri(),
                facts.identity().hostname(),
                facts.identity().hostUuid(),
                facts.identity().offline(),
                facts.identity().libvirtVersion(),
                facts.identity().hypervisorVersion(),
                facts.settings().flatMap(HostSettings::kernelRelease).orElse(null),
                hostCpus(facts).stream().boxed().findFirst().orElse(null),
                policy.target(),
                policy.cacheMode(),
                policy.reserveFraction(),
                hostSteps,
                domains,
                assumptions,
                warnings,
                null);
    }

    /**
     * Plans one domain again, from its definition as it is now, with the policy {@code plan} records,
     * as an offline plan would: no image sizes, no LVM, hugepages and the LV names as {@code
     * planned} decided them (they depended on the host's state then). A Windows guest's buses switch
     * on what its definition shows, or on what {@code planned} records of its driver (the guest
     * agent's report then, the operator's --virtio-ready), never on its outcome. What apply compares
     * a plan file's steps and new definition with.
     */
    public static DomainPlan replan(Plan plan, DomainPlan planned, DomainFacts current, boolean hugepages) {
        String record = planned.virtioDriver();
        boolean confirmed = record != null && record.endsWith(WindowsStaging.OVERRIDDEN);
        Set<String> virtioReady = confirmed ? Set.of(planned.name()) : Set.of();
        DomainFacts recorded = record == null
                ? current
                : current.withVirtioDriver(DriverEvidence.recorded(
                        confirmed
                                ? record.substring(0, record.length() - WindowsStaging.OVERRIDDEN.length())
                                : record));
        // Live as planned: the copy's settings are the operator's, and the guest ran then (preflight
        // refuses one that does not run now). Synchronous writes are each copy's own: the schedule marks
        // the copies it predicts outpaced one by one (OutpacedCopies), and they are given back below.
        List<CopyLive> liveCopies = planned.steps().stream()
                .filter(step -> step instanceof CopyLive)
                .map(step -> (CopyLive) step)
                .toList();
        Optional<CopyLive> liveCopy = liveCopies.stream().findFirst();
        PlanPolicy.Live live = liveCopy.map(copy -> new PlanPolicy.Live(false, copy.verifyPaused()))
                .orElse(null);
        long bandwidth = liveCopy.map(CopyLive::bandwidthBytesPerSecond).orElse(0L);
        PlanPolicy policy = new PlanPolicy(
                plan.target(), plan.cacheMode(), plan.reserveFraction(), virtioReady, true, hugepages, bandwidth, live);
        requireValidLvmNames(policy.target());
        // Page size 1 KiB and no limit: the plan gave this domain hugepages, whatever the pool held then.
        HugepageBudget budget = hugepages
                ? new HugepageBudget(OptionalLong.of(1), Long.MAX_VALUE / 2, Map.of())
                : HugepageBudget.unknown();
        PlanEnvironment env = new PlanEnvironment(
                policy,
                LVM_DEFAULT_EXTENT,
                SpaceLedger.unknown(0),
                new VolumeNames(Set.of()),
                budget,
                new HostLevers(
                        policy.cache(),
                        discardSupported(plan.hypervisorVersion(), new ArrayList<>()),
                        IoUringRule.of(
                                Optional.ofNullable(plan.kernelRelease()),
                                plan.libvirtVersion(),
                                plan.hypervisorVersion())),
                QueueIothreads.of(plan.libvirtVersion(), plan.hypervisorVersion(), plan.hostCpuCount()));
        DomainFacts facts = live == null
                ? recorded
                : new DomainFacts(
                        recorded.name(),
                        DomainState.RUNNING,
                        recorded.xml(),
                        recorded.disks(),
                        recorded.problem(),
                        recorded.virtioDriver());
        // No emulator gate: it ran when the plan was made, and a domain it stopped has nothing to apply.
        DomainPlan again = new DomainPlanner(env).plan(facts, Optional.empty());
        Set<String> synchronous = liveCopies.stream()
                .filter(CopyLive::synchronousWrites)
                .map(CopyLive::disk)
                .collect(Collectors.toSet());
        return again.withSteps(again.steps().stream()
                .map(step -> step instanceof CopyLive copy && synchronous.contains(copy.disk())
                        ? copy.withSynchronousWrites()
                        : step)
                .toList());
    }

    /** What apply's LVM calls would refuse is refused here, before anything is planned. */
    private static void requireValidLvmNames(PlanTarget target) {
        LvmNames.requireValidVolumeGroup(target.vg());
        if (target.thin()) {
            LvmNames.requireValidLogicalVolume(target.vg(), target.thinPool());
        }
        if (target.newPool() != null) {
            LvmNames.requireValidThinChunk(target.newPool().chunkSizeBytes());
        }
    }

    private PlanEnvironment environment(
            HostFacts facts, List<String> assumptions, List<String> warnings, List<Step> hostSteps) {
        PlanTarget target = policy.target();
        long extent = LVM_DEFAULT_EXTENT;
        SpaceLedger space = SpaceLedger.unknown(
                target.newPool() == null ? 0 : target.newPool().chunkSizeBytes());
        VolumeNames names = new VolumeNames(Set.of());
        if (facts.lvm().isPresent()) {
            LvmReport lvm = facts.lvm().get();
            VolumeGroup vg = volumeGroup(lvm, target.vg());
            extent = vg.extentSizeBytes();
            long reserve = (long) Math.ceil(vg.sizeBytes() * policy.reserveFraction());
            names = new VolumeNames(lvm.logicalVolumes().stream()
                    .filter(lv -> lv.vgName().equals(vg.name()))
                    .map(LogicalVolume::name)
                    .collect(Collectors.toSet()));
            space = target.thin()
                    ? new ThinPoolSpace(policy).room(lvm, vg, reserve, hostSteps, warnings)
                    : SpaceLedger.linear(vg.name(), vg.freeBytes() - reserve);
        } else {
            assumptions.add("LVM was not read: VG " + target.vg() + " is assumed to exist with "
                    + Bytes.format(LVM_DEFAULT_EXTENT) + " extents; free space and LV name collisions are not"
                    + " checked here (apply checks them before creating anything)");
            if (target.newPool() != null) {
                hostSteps.add(new ThinPoolSpace(policy).creation(LVM_DEFAULT_EXTENT));
            }
        }
        return new PlanEnvironment(
                policy,
                extent,
                space,
                names,
                HugepageSupply.budget(policy, facts, assumptions),
                new HostLevers(
                        policy.cache(),
                        discardSupported(facts.identity().hypervisorVersion(), assumptions),
                        facts.ioUringRule()),
                QueueIothreads.of(
                        facts.identity().libvirtVersion(), facts.identity().hypervisorVersion(), hostCpus(facts)));
    }

    private static OptionalInt hostCpus(HostFacts facts) {
        return facts.settings().map(HostSettings::onlineCpus).orElse(OptionalInt.empty());
    }

    private static VolumeGroup volumeGroup(LvmReport lvm, String name) {
        return lvm.volumeGroup(name)
                .orElseThrow(() -> VirtTuneException.refused("volume group " + name
                        + " does not exist on this host (existing: "
                        + lvm.volumeGroups().stream().map(VolumeGroup::name).collect(Collectors.joining(", "))
                        + "); create it first, e.g. vgcreate -s 256M " + name + " /dev/DEVICE"));
    }

    /**
     * Whether the host's QEMU passes discard through virtio-blk: libvirt's capability for the
     * virtio-blk DISCARD and WRITE_ZEROES commands counts them from QEMU 4.2 (libvir-list, "Introduce
     * QEMU_CAPS_VIRTIO_BLK_DISCARD"); Linux guests use them from kernel 5.0, and a guest whose driver
     * does not negotiate them simply ignores them. libvirt's discard attribute itself dates from 1.0.6.
     */
    private static boolean discardSupported(String hypervisorVersion, List<String> assumptions) {
        Optional<StackVersion> qemu = StackVersion.qemu(hypervisorVersion);
        if (qemu.isPresent()) {
            return qemu.get().atLeast(4, 2);
        }
        assumptions.add("hypervisor '" + hypervisorVersion + "' is not QEMU: assumed QEMU"
                + " 4.2 or later, whose virtio-blk passes discard");
        return true;
    }
}
