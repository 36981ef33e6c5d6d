package io.virttune.plan;

import io.virttune.VirtTuneException;
import io.virttune.host.HostSettings;
import io.virttune.host.HugepagePool;
import io.virttune.inspect.DomainFacts;
import io.virttune.inspect.HostFacts;
import io.virttune.lvm.LogicalVolume;
import io.virttune.lvm.LvmNames;
import io.virttune.lvm.LvmReport;
import io.virttune.lvm.Sizes;
import io.virttune.lvm.VolumeGroup;
import io.virttune.text.Bytes;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Turns a host's facts and the operator's policy into a {@link Plan}. A pure function: it reads
 * facts and writes nothing; apply is the only place with side effects.
 */
public final class MigrationPlanner {
  /** LVM's default extent size, assumed when planning without the host's LVM report. */
  static final long LVM_DEFAULT_EXTENT = 4L << 20;
  /** LVM's ceiling for thin-pool metadata. */
  static final long MAX_THIN_METADATA = 16L << 30;
  /** LVM's floor for thin-pool metadata. */
  static final long MIN_THIN_METADATA = 2L << 20;

  /** The warning that records, in the plan, that the operator accepted writeback's risk. */
  public static final String WRITEBACK_ACCEPTED = "cache=writeback: faster random writes, but writes the guest"
      + " was told are safe are lost on a host crash or power cut; accepted explicitly for this plan";

  private static final Pattern QEMU_VERSION = Pattern.compile("QEMU (\\d+)\\.(\\d+)");

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
      domains.add(planner.plan(domain));
    }
    boolean anyMoves = domains.stream().flatMap(d -> d.steps().stream()).anyMatch(s -> s instanceof CreateVolume);
    if (!anyMoves) {
      hostSteps.clear();
    }
    DiskSpace.unmapped(domains).ifPresent(assumptions::add);
    overcommit(facts, hostSteps, domains).ifPresent(warnings::add);
    if (policy.cacheMode().equals("writeback")) {
      warnings.add(WRITEBACK_ACCEPTED);
    }
    return new Plan(Plan.SCHEMA, Plan.VERSION, now.toString(), facts.identity().uri(), facts.identity().hostname(),
        facts.identity().hostUuid(), facts.identity().offline(), facts.identity().hypervisorVersion(), policy.target(), policy.cacheMode(), policy.reserveFraction(),
        hostSteps, domains, assumptions, warnings);
  }

  /**
   * Plans one domain again, from its definition as it is now, with the policy {@code plan} records,
   * as an offline plan would: no image sizes, no LVM, and hugepages, the Windows bus switch and
   * the LV names as {@code planned} decided them (they depended on the host's state then). What
   * apply compares a plan file's steps and new definition with.
   */
  public static DomainPlan replan(Plan plan, DomainPlan planned, DomainFacts current, boolean hugepages) {
    Set<String> virtioReady = planned.outcome() == DomainOutcome.STAGE ? Set.of() : Set.of(planned.name());
    PlanPolicy policy = new PlanPolicy(plan.target(), plan.cacheMode(), plan.reserveFraction(), virtioReady, true,
        hugepages);
    requireValidLvmNames(policy.target());
    // Page size 1 KiB and no limit: the plan gave this domain hugepages, whatever the pool held then.
    HugepageBudget budget = hugepages ? new HugepageBudget(OptionalLong.of(1), Long.MAX_VALUE / 2, Map.of())
        : HugepageBudget.unknown();
    PlanEnvironment env = new PlanEnvironment(policy, LVM_DEFAULT_EXTENT, SpaceLedger.unknown(0),
        new VolumeNames(Set.of()), budget, discardSupported(plan.hypervisorVersion(), new ArrayList<>()));
    return new DomainPlanner(env).plan(current);
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

  /**
   * Thin volumes may promise more than their pool holds; that is the point of thin provisioning,
   * and the risk: a full pool stalls or fails every guest in it. Said plainly when the plan does it.
   */
  private Optional<String> overcommit(HostFacts facts, List<Step> hostSteps, List<DomainPlan> domains) {
    PlanTarget target = policy.target();
    if (!target.thin()) {
      return Optional.empty();
    }
    long poolSize = hostSteps.stream().filter(step -> step instanceof CreateThinPool)
        .mapToLong(step -> ((CreateThinPool) step).sizeBytes()).findFirst()
        .orElse(facts.lvm().flatMap(lvm -> lvm.logicalVolume(target.vg(), target.thinPool()))
            .map(LogicalVolume::sizeBytes).orElse(0L));
    long existing = facts.lvm().flatMap(lvm -> lvm.logicalVolume(target.vg(), target.thinPool())
        .map(pool -> lvm.thinVolumesOf(pool).stream().mapToLong(LogicalVolume::sizeBytes).sum())).orElse(0L);
    long planned = domains.stream().flatMap(domain -> domain.steps().stream())
        .filter(step -> step instanceof CreateVolume).mapToLong(step -> ((CreateVolume) step).sizeBytes()).sum();
    if (poolSize == 0 || existing + planned <= poolSize) {
      return Optional.empty();
    }
    return Optional.of(String.format(java.util.Locale.ROOT, "thin pool %s/%s would promise %s to its volumes"
            + " (%.0f%% of its %s): a full pool stalls or fails every guest in it; watch its data use, and let"
            + " LVM extend it (activation/thin_pool_autoextend_threshold with dmeventd monitoring)",
        target.vg(), target.thinPool(), Bytes.format(existing + planned),
        100.0 * (existing + planned) / poolSize, Bytes.format(poolSize)));
  }

  private PlanEnvironment environment(
      HostFacts facts, List<String> assumptions, List<String> warnings, List<Step> hostSteps) {
    PlanTarget target = policy.target();
    long extent = LVM_DEFAULT_EXTENT;
    SpaceLedger space = SpaceLedger.unknown(target.newPool() == null ? 0 : target.newPool().chunkSizeBytes());
    VolumeNames names = new VolumeNames(Set.of());
    if (facts.lvm().isPresent()) {
      LvmReport lvm = facts.lvm().get();
      VolumeGroup vg = volumeGroup(lvm, target.vg());
      extent = vg.extentSizeBytes();
      long reserve = (long) Math.ceil(vg.sizeBytes() * policy.reserveFraction());
      names = new VolumeNames(lvm.logicalVolumes().stream()
          .filter(lv -> lv.vgName().equals(vg.name())).map(LogicalVolume::name).collect(Collectors.toSet()));
      space = target.thin() ? thinSpace(lvm, vg, reserve, hostSteps, warnings) : SpaceLedger.linear(vg.name(), vg.freeBytes() - reserve);
    } else {
      assumptions.add("LVM was not read: VG " + target.vg() + " is assumed to exist with "
          + Bytes.format(LVM_DEFAULT_EXTENT) + " extents; free space and LV name collisions are not"
          + " checked here (apply checks them before creating anything)");
      if (target.newPool() != null) {
        hostSteps.add(newPoolStep(target, LVM_DEFAULT_EXTENT));
      }
    }
    return new PlanEnvironment(policy, extent, space, names, hugepages(facts, assumptions),
        discardSupported(facts.identity().hypervisorVersion(), assumptions));
  }

  private static VolumeGroup volumeGroup(LvmReport lvm, String name) {
    return lvm.volumeGroup(name).orElseThrow(() -> VirtTuneException.refused(
        "volume group " + name + " does not exist on this host (existing: "
            + lvm.volumeGroups().stream().map(VolumeGroup::name).collect(Collectors.joining(", "))
            + "); create it first, e.g. vgcreate -s 256M " + name + " /dev/DEVICE"));
  }

  private SpaceLedger thinSpace(
      LvmReport lvm, VolumeGroup vg, long reserve, List<Step> hostSteps, List<String> warnings) {
    PlanTarget target = policy.target();
    Optional<LogicalVolume> existing = lvm.logicalVolume(vg.name(), target.thinPool());
    if (target.newPool() == null) {
      LogicalVolume pool = existing.filter(LogicalVolume::isThinPool).orElseThrow(() -> VirtTuneException.refused(
          "thin pool " + vg.name() + "/" + target.thinPool() + " does not exist; create it with"
              + " --create-thin-pool SIZE"));
      long dataFree = (long) (pool.sizeBytes() * (1 - pool.dataPercent().orElse(0) / 100));
      long metadataFree = (long) (pool.metadataSizeBytes() * (1 - pool.metadataPercent().orElse(0) / 100));
      if (pool.zeroing().equals(Optional.of(false))) {
        warnings.add("thin pool " + vg.name() + "/" + pool.name() + " does not zero new chunks: fast, but a"
            + " partially written chunk can show a previous tenant's deleted data; on a multi-tenant host"
            + " turn zeroing on (lvchange -Zy)");
      }
      return SpaceLedger.thin(vg.name() + "/" + pool.name(), dataFree - (long) (pool.sizeBytes() * policy.reserveFraction()),
          metadataFree, pool.chunkSizeBytes());
    }
    if (existing.isPresent()) {
      throw VirtTuneException.refused("--create-thin-pool: " + vg.name() + "/" + target.thinPool()
          + " already exists; plan into it with --thin-pool " + vg.name() + "/" + target.thinPool());
    }
    CreateThinPool step = newPoolStep(target, vg.extentSizeBytes());
    // LVM also keeps a spare metadata volume of the same size for repairs.
    long needed = step.sizeBytes() + 2 * step.metadataSizeBytes();
    if (needed > vg.freeBytes() - reserve) {
      throw VirtTuneException.refused("VG " + vg.name() + " cannot hold a new thin pool of "
          + Bytes.format(step.sizeBytes()) + " (with metadata and its spare " + Bytes.format(needed) + "): "
          + Bytes.format(Math.max(0, vg.freeBytes() - reserve)) + " free after the "
          + Math.round(policy.reserveFraction() * 100) + "% reserve");
    }
    hostSteps.add(step);
    if (!step.zeroing()) {
      warnings.add("the new thin pool does not zero new chunks (the recipe's fast profile): a partially"
          + " written chunk can show a previous tenant's deleted data. On a multi-tenant host plan with"
          + " --thin-zeroing on");
    }
    return SpaceLedger.thin(vg.name() + "/" + step.name(), step.sizeBytes(), step.metadataSizeBytes(), step.chunkSizeBytes());
  }

  private CreateThinPool newPoolStep(PlanTarget target, long extent) {
    PlanTarget.NewThinPool shape = target.newPool();
    long size = Sizes.roundUp(shape.sizeBytes(), extent);
    long mappings = (size + shape.chunkSizeBytes() - 1) / shape.chunkSizeBytes();
    long metadata = Math.min(MAX_THIN_METADATA,
        Math.max(MIN_THIN_METADATA, mappings * SpaceLedger.METADATA_BYTES_PER_CHUNK * 2));
    return new CreateThinPool(target.vg(), target.thinPool(), size, shape.chunkSizeBytes(), shape.zeroing(),
        Sizes.roundUp(metadata, extent));
  }

  private HugepageBudget hugepages(HostFacts facts, List<String> assumptions) {
    if (!policy.hugepages()) {
      return HugepageBudget.unknown();
    }
    Optional<HostSettings> settings = facts.settings();
    OptionalLong size = settings.map(HostSettings::defaultHugepageSizeKiB).orElse(OptionalLong.empty());
    if (size.isEmpty()) {
      assumptions.add("the host's hugepages were not read: no domain gets hugepage memory backing in this plan");
      return HugepageBudget.unknown();
    }
    long pageSize = size.getAsLong();
    long available = settings.get().hugepagePool(pageSize).map(HugepagePool::availableKiB).orElse(0L);
    // The kernel counts reservations only host-wide, so a node's free pages are what it can give.
    Map<Integer, Long> nodes = settings.get().hugepagePools().stream()
        .filter(pool -> !pool.isSystemWide() && pool.pageSizeKiB() == pageSize)
        .collect(Collectors.toMap(pool -> pool.numaNode().getAsInt(), pool -> pool.free() * pageSize));
    HugepageBudget budget = new HugepageBudget(size, available, nodes.size() > 1 ? nodes : Map.of());
    facts.hugepageClaims().stream().filter(claim -> claim.drawsOnDefaultPool(pageSize))
        .forEach(claim -> budget.claim(claim.memoryKiB(), claim.nodes()));
    return budget;
  }

  /**
   * Whether the host's QEMU passes discard through virtio-blk: libvirt's capability for the
   * virtio-blk DISCARD and WRITE_ZEROES commands counts them from QEMU 4.2 (libvir-list, "Introduce
   * QEMU_CAPS_VIRTIO_BLK_DISCARD"); Linux guests use them from kernel 5.0, and a guest whose driver
   * does not negotiate them simply ignores them. libvirt's discard attribute itself dates from 1.0.6.
   */
  private static boolean discardSupported(String hypervisorVersion, List<String> assumptions) {
    Matcher version = QEMU_VERSION.matcher(hypervisorVersion);
    if (version.lookingAt()) {
      int major = Integer.parseInt(version.group(1));
      int minor = Integer.parseInt(version.group(2));
      return major > 4 || (major == 4 && minor >= 2);
    }
    assumptions.add("hypervisor '" + hypervisorVersion + "' is not QEMU: assumed QEMU"
        + " 4.2 or later, whose virtio-blk passes discard");
    return true;
  }
}
