package io.virttune.apply.undo;

import io.virttune.apply.guards.VolumeOwnership;
import io.virttune.apply.journal.PoolJournal;
import io.virttune.apply.ports.LvmPorts;
import io.virttune.apply.ports.RunPorts;
import io.virttune.lvm.LvmReport;
import io.virttune.lvm.VolumeIdentity;
import io.virttune.lvm.VolumeName;
import java.io.PrintWriter;
import java.util.List;
import java.util.Optional;

/**
 * A rolled-back domain no longer needs the thin pools virt-tune created for its plan: the last
 * domain that needed a pool removes it, if it is empty and still the one virt-tune created.
 */
record PoolRelease(LvmPorts lvm, RunPorts run, PrintWriter out) {
    /**
     * The domain no longer needs the thin pools virt-tune created for the plan: the last one that
     * needed a pool removes it, if it is empty and still the pool virt-tune created.
     */
    void release(String domainUuid, List<String> removedVolumes) {
        for (PoolJournal pool : run.state().poolJournals()) {
            if (!pool.users().contains(domainUuid) || pool.status() == PoolJournal.Status.REMOVED) {
                continue;
            }
            PoolJournal released = pool.withoutUser(domainUuid);
            if (released.users().isEmpty()) {
                released = removePoolIfUnused(released, removedVolumes);
            }
            run.state().save(released);
        }
    }

    /** {@code removedVolumes} are gone, or would be in a dry run, which must say what a real run does. */
    private PoolJournal removePoolIfUnused(PoolJournal pool, List<String> removedVolumes) {
        Optional<VolumeIdentity> lv = lvm.reads().identity(pool.vg(), pool.name());
        if (lv.isEmpty()) {
            return pool.withStatus(PoolJournal.Status.REMOVED, pool.lvUuid());
        }
        Optional<String> notOurs = VolumeOwnership.notOurs(lv.get(), VolumeOwnership.POOL_OWNER, pool.lvUuid());
        LvmReport report = lvm.reads().report();
        long thins = report.logicalVolume(pool.vg(), pool.name()).map(report::thinVolumesOf).orElse(List.of()).stream()
                .filter(thin -> !removedVolumes.contains(new VolumeName(thin.vgName(), thin.name()).toString()))
                .count();
        if (notOurs.isPresent()) {
            out.println("keep thin pool " + pool.volume() + ": " + notOurs.get());
        } else if (thins > 0) {
            out.println("keep thin pool " + pool.volume() + ": it holds " + thins + " thin volume(s)");
        } else {
            // Not asked whether the pool is open: an active pool always is (its -tpool device is held by
            // the pool's own), so that told nothing. Its users are its thin volumes, counted above, and
            // lvremove itself refuses a pool that something else holds.
            out.println(run.mode().says("remove", "would remove") + " thin pool " + pool.volume()
                    + " (created by virt-tune; no domain needs it now)");
            if (run.mode().changesHost()) {
                // Not printed in a dry run: its thin volumes are still there, and lvremove's own check would refuse.
                lvm.actions().remove(pool.vg(), pool.name());
            }
            return pool.withStatus(PoolJournal.Status.REMOVED, pool.lvUuid());
        }
        return pool;
    }
}
