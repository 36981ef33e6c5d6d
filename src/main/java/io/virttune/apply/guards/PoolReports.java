package io.virttune.apply.guards;

import io.virttune.VirtTuneException;
import io.virttune.lvm.Lvm;
import io.virttune.lvm.LvmReport;
import io.virttune.plan.CreateVolume;

/**
 * The thin pool of an LV a step creates, as the report read before the steps shows it, or read
 * afresh when that report predates the pool (one this run created): for what of a pool does not
 * change, its chunk size; its usage {@link ThinSpace} reads under the pool's lock.
 */
public record PoolReports(Lvm lvm, LvmReport beforeSteps) {

    /** The chunk size of the LV's pool. */
    public long chunkOf(CreateVolume create) {
        return report(create)
                .logicalVolume(create.vg(), create.thinPool())
                .map(pool -> pool.chunkSizeBytes())
                .orElseThrow(() -> VirtTuneException.failed("thin pool " + create.pool() + " vanished"));
    }

    /** A report that shows the LV's pool. */
    private LvmReport report(CreateVolume create) {
        return beforeSteps.logicalVolume(create.vg(), create.thinPool()).isPresent() ? beforeSteps : lvm.report();
    }
}
