package io.virttune.apply;

import io.virttune.VirtTuneException;
import io.virttune.apply.guards.VolumeOwnership;
import io.virttune.apply.journal.PoolJournal;
import io.virttune.apply.ports.LvmPorts;
import io.virttune.apply.ports.RunPorts;
import io.virttune.lvm.LogicalVolume;
import io.virttune.lvm.LvmReport;
import io.virttune.lvm.VolumeIdentity;
import io.virttune.lvm.VolumeName;
import io.virttune.plan.CreateThinPool;
import io.virttune.plan.Step;
import io.virttune.text.Bytes;
import java.io.PrintWriter;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The thin pools a plan creates, shared by the domains' jobs.
 */
final class ThinPools {
    private final LvmPorts lvm;
    private final RunPorts run;
    private final Map<VolumeName, CreateThinPool> planned = new LinkedHashMap<>();
    /** Pools a dry run would have created: printed once, not for every domain. */
    private final Set<VolumeName> wouldCreate = new HashSet<>();

    ThinPools(LvmPorts lvm, RunPorts run, List<Step> hostSteps) {
        this.lvm = lvm;
        this.run = run;
        hostSteps.stream()
                .filter(step -> step instanceof CreateThinPool)
                .map(step -> (CreateThinPool) step)
                .forEach(pool -> planned.put(pool.volume(), pool));
    }

    /** Before any domain: a planned pool's name taken by a pool virt-tune did not create refuses the run. */
    void checkNames(LvmReport report, PrintWriter out) {
        for (CreateThinPool pool : planned.values()) {
            if (report.logicalVolume(pool.vg(), pool.name()).isPresent()) {
                Optional<String> notOurs =
                        lvm.reads().identity(pool.vg(), pool.name()).flatMap(lv -> notOurs(pool, lv));
                if (notOurs.isPresent()) {
                    throw VirtTuneException.refused("thin pool " + pool.volume() + " exists already and is not"
                            + " the one an earlier apply of this plan created (" + notOurs.get() + "); plan again");
                }
                otherShape(pool, report.logicalVolume(pool.vg(), pool.name()).orElseThrow())
                        .ifPresent(shape -> {
                            throw VirtTuneException.refused(
                                    "thin pool " + pool.volume() + " exists already, created by"
                                            + " virt-tune for another plan, with " + shape
                                            + " (rule: a pool is used as the plan reviewed it);"
                                            + " plan again without --create-thin-pool to use it as it is, or into another pool");
                        });
                out.println("thin pool " + pool.volume() + " exists, created by an earlier apply: kept");
            }
        }
    }

    /**
     * Makes sure the planned pool exists before a domain's thin LV goes into it, and records the
     * domain as one that needs it; a pool the plan does not create is left to preflight.
     */
    synchronized void ensure(String vg, String name, String domainUuid, PrintWriter log) {
        VolumeName volume = new VolumeName(vg, name);
        CreateThinPool pool = planned.get(volume);
        if (pool == null || wouldCreate.contains(volume)) {
            return;
        }
        Optional<PoolJournal> journal =
                run.state().poolJournal(vg, name).filter(earlier -> earlier.status() != PoolJournal.Status.REMOVED);
        Optional<VolumeIdentity> existing = lvm.reads().identity(vg, name);
        if (existing.isPresent()) {
            notOurs(pool, existing.get()).ifPresent(reason -> {
                throw VirtTuneException.refused("thin pool " + volume + " is not the one virt-tune created: " + reason);
            });
            save(journal.orElseThrow()
                    .withUser(domainUuid)
                    .withStatus(PoolJournal.Status.CREATED, existing.get().uuid()));
            return;
        }
        log.println(pool.describe());
        PoolJournal creating = journal.orElse(new PoolJournal(vg, name, PoolJournal.Status.CREATING, null, List.of()))
                .withUser(domainUuid)
                .withStatus(PoolJournal.Status.CREATING, null);
        // Journaled before lvcreate: after a crash right after it, the pool is still known as ours.
        save(creating);
        lvm.actions()
                .createThinPool(
                        vg,
                        name,
                        pool.sizeBytes(),
                        pool.chunkSizeBytes(),
                        pool.zeroing(),
                        pool.metadataSizeBytes(),
                        VolumeOwnership.tagsFor(VolumeOwnership.POOL_OWNER));
        if (!run.mode().changesHost()) {
            wouldCreate.add(volume);
            return;
        }
        String uuid = lvm.reads()
                .identity(vg, name)
                .map(VolumeIdentity::uuid)
                .orElseThrow(() ->
                        VirtTuneException.failed("thin pool " + volume + " is not there right after lvcreate made it"));
        save(creating.withStatus(PoolJournal.Status.CREATED, uuid));
    }

    /** How the existing pool differs from the chunk size and zeroing the plan was reviewed with, if it does. */
    private static Optional<String> otherShape(CreateThinPool planned, LogicalVolume existing) {
        boolean otherChunk = existing.chunkSizeBytes() != planned.chunkSizeBytes();
        boolean otherZeroing = existing.zeroing()
                .filter(zeroing -> zeroing != planned.zeroing())
                .isPresent();
        if (!otherChunk && !otherZeroing) {
            return Optional.empty();
        }
        return Optional.of(Bytes.format(existing.chunkSizeBytes()) + " chunks and zeroing "
                + existing.zeroing().map(on -> on ? "on" : "off").orElse("unknown")
                + ", where this plan was reviewed with "
                + Bytes.format(planned.chunkSizeBytes()) + " chunks and zeroing " + (planned.zeroing() ? "on" : "off"));
    }

    private Optional<String> notOurs(CreateThinPool pool, VolumeIdentity lv) {
        Optional<PoolJournal> journal = run.state()
                .poolJournal(pool.vg(), pool.name())
                .filter(earlier -> earlier.status() != PoolJournal.Status.REMOVED);
        if (journal.isEmpty()) {
            return Optional.of("no virt-tune journal names it");
        }
        return VolumeOwnership.notOurs(
                lv, VolumeOwnership.POOL_OWNER, journal.get().lvUuid());
    }

    private void save(PoolJournal journal) {
        run.state().save(journal);
    }
}
