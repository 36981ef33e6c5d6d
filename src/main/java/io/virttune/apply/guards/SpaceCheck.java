package io.virttune.apply.guards;

import io.virttune.VirtTuneException;
import io.virttune.apply.journal.DomainJournal;
import io.virttune.lvm.LogicalVolume;
import io.virttune.lvm.LvmReport;
import io.virttune.lvm.VolumeName;
import io.virttune.plan.ConvertImage;
import io.virttune.plan.CopyLive;
import io.virttune.plan.CreateThinPool;
import io.virttune.plan.CreateVolume;
import io.virttune.plan.DiskSteps;
import io.virttune.plan.DomainPlan;
import io.virttune.plan.Step;
import io.virttune.qemu.QemuImg;
import io.virttune.text.Bytes;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Preflight's check that the LVs a domain still has to create fit in their VG or thin pool. */
final class SpaceCheck {
    private final QemuImg qemuImg;
    /** Thin pools the plan creates before any domain: they count as there, empty. */
    private final Map<VolumeName, Long> plannedPools = new HashMap<>();

    private final Map<VolumeName, Long> plannedChunks = new HashMap<>();

    SpaceCheck(QemuImg qemuImg, List<Step> hostSteps) {
        this.qemuImg = qemuImg;
        hostSteps.stream()
                .filter(step -> step instanceof CreateThinPool)
                .map(step -> (CreateThinPool) step)
                .forEach(pool -> {
                    plannedPools.put(pool.volume(), pool.sizeBytes());
                    plannedChunks.put(pool.volume(), pool.chunkSizeBytes());
                });
    }

    /** Whether the plan creates thin pool {@code pool} before any domain. */
    boolean plansPool(VolumeName pool) {
        return plannedPools.containsKey(pool);
    }

    /** Space for the LVs still to create: linear against VG free, thin against pool free data. */
    void check(DomainPlan plan, DomainJournal journal, LvmReport lvm, boolean imagesFree, List<String> reasons) {
        Map<String, Long> needed = new HashMap<>();
        for (int i = 0; i < plan.steps().size(); i++) {
            if (journal != null && journal.stateOf(i).isPresent()) {
                continue;
            }
            Step step = plan.steps().get(i);
            if (step instanceof CreateVolume create && !create.thin()) {
                needed.merge("VG " + create.vg(), create.sizeBytes(), Long::sum);
            } else if (step instanceof CopyLive copy && creation(plan, copy).thin()) {
                // A live copy provisions its whole thin LV until the pivot gives its zero chunks back (docs/live.md).
                CreateVolume create = creation(plan, copy);
                needed.merge("pool " + create.pool(), create.sizeBytes(), Long::sum);
            } else if (step instanceof ConvertImage convert && convert.targetIsZero()) {
                CreateVolume create = new DiskSteps(plan).creationOf(convert);
                long bytes = imagesFree
                        ? provisioned(convert, create.vg(), create.thinPool(), lvm)
                        : convert.allocatedBytes();
                needed.merge("pool " + create.pool(), bytes, Long::sum);
            }
        }
        needed.forEach((where, bytes) -> {
            long free = free(where, lvm);
            if (bytes > free) {
                reasons.add("not enough space in " + where + ": needs " + Bytes.format(bytes) + ", "
                        + Bytes.format(Math.max(0, free)) + " free now");
            }
        });
    }

    private static CreateVolume creation(DomainPlan plan, CopyLive copy) {
        return new DiskSteps(plan).creationOf(copy.device());
    }

    /**
     * What the copy provisions in whole chunks of the pool. Without a chunk size or a readable map
     * (the image is in use, said above), its allocated bytes: the check before each copy reads the map.
     */
    private long provisioned(ConvertImage convert, String vg, String pool, LvmReport lvm) {
        long chunk = lvm.logicalVolume(vg, pool)
                .map(LogicalVolume::chunkSizeBytes)
                .filter(size -> size > 0)
                .orElse(plannedChunks.getOrDefault(new VolumeName(vg, pool), 0L));
        if (chunk <= 0) {
            return convert.allocatedBytes();
        }
        try {
            return ThinSpace.need(qemuImg, convert, chunk).dataBytes();
        } catch (VirtTuneException e) {
            return convert.allocatedBytes();
        }
    }

    private long free(String where, LvmReport lvm) {
        if (where.startsWith("VG ")) {
            return lvm.volumeGroup(where.substring(3)).map(vg -> vg.freeBytes()).orElse(0L);
        }
        VolumeName pool = VolumeName.parse(where.substring(5), "the plan");
        return lvm.logicalVolume(pool.vg(), pool.lv())
                .map(LogicalVolume::freeDataBytes)
                .orElse(plannedPools.getOrDefault(pool, 0L));
    }
}
