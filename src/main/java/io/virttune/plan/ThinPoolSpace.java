package io.virttune.plan;

import io.virttune.VirtTuneException;
import io.virttune.inspect.HostFacts;
import io.virttune.lvm.LogicalVolume;
import io.virttune.lvm.LvmReport;
import io.virttune.lvm.Sizes;
import io.virttune.lvm.ThinPoolRoom;
import io.virttune.lvm.VolumeGroup;
import io.virttune.lvm.VolumeName;
import io.virttune.text.Bytes;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The thin pool a plan targets: the room it has for the plan's volumes, the step that creates it
 * when the plan does, and whether its volumes would promise more than it holds.
 */
final class ThinPoolSpace {
    /** LVM's ceiling for thin-pool metadata. */
    static final long MAX_THIN_METADATA = 16L << 30;
    /** LVM's floor for thin-pool metadata. */
    static final long MIN_THIN_METADATA = 2L << 20;

    private final PlanPolicy policy;

    ThinPoolSpace(PlanPolicy policy) {
        this.policy = policy;
    }

    /**
     * The room in the target pool: an existing one's free data less the reserve (of its size) and
     * its free metadata, or one the plan creates (added to {@code hostSteps}) if the VG holds it.
     */
    SpaceLedger room(LvmReport lvm, VolumeGroup vg, long reserve, List<Step> hostSteps, List<String> warnings) {
        PlanTarget target = policy.target();
        VolumeName name = new VolumeName(vg.name(), target.thinPool());
        Optional<LogicalVolume> existing = lvm.logicalVolume(name.vg(), name.lv());
        if (target.newPool() == null) {
            LogicalVolume pool = existing.filter(LogicalVolume::isThinPool)
                    .orElseThrow(() -> VirtTuneException.refused(
                            "thin pool " + name + " does not exist; create it with" + " --create-thin-pool SIZE"));
            long dataFree = pool.freeDataBytes();
            long metadataFree = (long)
                    (pool.metadataSizeBytes() * (1 - pool.metadataPercent().orElse(0) / 100));
            if (pool.dataPercent().isEmpty()) {
                warnings.add("thin pool " + name + " " + ThinPoolRoom.inactive(name.toString()) + ", and plan again");
            }
            if (pool.zeroing().equals(Optional.of(false))) {
                warnings.add("thin pool " + name + " does not zero new chunks: fast, but a"
                        + " partially written chunk can show a previous tenant's deleted data; on a multi-tenant host"
                        + " turn zeroing on (lvchange -Zy)");
            }
            return SpaceLedger.thin(
                    pool.volumeName(),
                    dataFree - (long) (pool.sizeBytes() * policy.reserveFraction()),
                    metadataFree,
                    pool.chunkSizeBytes());
        }
        if (existing.isPresent()) {
            throw VirtTuneException.refused(
                    "--create-thin-pool: " + name + " already exists; plan into it with --thin-pool " + name);
        }
        CreateThinPool step = creation(vg.extentSizeBytes());
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
        return SpaceLedger.thin(step.volume(), step.sizeBytes(), step.metadataSizeBytes(), step.chunkSizeBytes());
    }

    /** The step creating the pool the policy asks for, sized in the VG's extents of {@code extent} bytes. */
    CreateThinPool creation(long extent) {
        PlanTarget target = policy.target();
        PlanTarget.NewThinPool shape = target.newPool();
        long size = Sizes.roundUp(shape.sizeBytes(), extent);
        long mappings = (size + shape.chunkSizeBytes() - 1) / shape.chunkSizeBytes();
        long metadata = Math.min(
                MAX_THIN_METADATA, Math.max(MIN_THIN_METADATA, mappings * SpaceLedger.METADATA_BYTES_PER_CHUNK * 2));
        return new CreateThinPool(
                target.vg(),
                target.thinPool(),
                size,
                shape.chunkSizeBytes(),
                shape.zeroing(),
                Sizes.roundUp(metadata, extent));
    }

    /**
     * Thin volumes may promise more than their pool holds; that is the point of thin provisioning,
     * and the risk: a full pool stalls or fails every guest in it. Said plainly when the plan does it.
     */
    Optional<String> overcommit(HostFacts facts, List<Step> hostSteps, List<DomainPlan> domains) {
        PlanTarget target = policy.target();
        if (!target.thin()) {
            return Optional.empty();
        }
        long poolSize = hostSteps.stream()
                .filter(step -> step instanceof CreateThinPool)
                .mapToLong(step -> ((CreateThinPool) step).sizeBytes())
                .findFirst()
                .orElse(facts.lvm()
                        .flatMap(lvm -> lvm.logicalVolume(target.vg(), target.thinPool()))
                        .map(LogicalVolume::sizeBytes)
                        .orElse(0L));
        long existing = facts.lvm()
                .flatMap(lvm -> lvm.logicalVolume(target.vg(), target.thinPool())
                        .map(pool -> lvm.thinVolumesOf(pool).stream()
                                .mapToLong(LogicalVolume::sizeBytes)
                                .sum()))
                .orElse(0L);
        long planned = domains.stream()
                .flatMap(domain -> domain.steps().stream())
                .filter(step -> step instanceof CreateVolume)
                .mapToLong(step -> ((CreateVolume) step).sizeBytes())
                .sum();
        if (poolSize == 0 || existing + planned <= poolSize) {
            return Optional.empty();
        }
        return Optional.of(String.format(
                Locale.ROOT,
                "thin pool %s would promise %s to its volumes"
                        + " (%.0f%% of its %s): a full pool stalls or fails every guest in it; watch its data use, and let"
                        + " LVM extend it (activation/thin_pool_autoextend_threshold with dmeventd monitoring)",
                target.pool(),
                Bytes.format(existing + planned),
                100.0 * (existing + planned) / poolSize,
                Bytes.format(poolSize)));
    }
}
