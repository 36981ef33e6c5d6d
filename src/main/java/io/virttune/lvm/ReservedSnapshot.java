package io.virttune.lvm;

import io.virttune.VirtTuneException;
import io.virttune.process.CleanupOnSignal;
import io.virttune.process.ProcessTable;

/**
 * A thin pool's metadata snapshot this virt-tune reserved: recorded as its hold from the reserve
 * on, released once, when closed or by a shutdown hook when a SIGTERM or SIGINT stops virt-tune
 * first (a SIGKILL leaves it, and its record, for the next reserve).
 */
final class ReservedSnapshot implements AutoCloseable {
    private final DeviceMapper dm;
    private final String tpool;
    private final MetadataSnapshotHolds holds;
    private final MetadataSnapshotHolds.Hold hold;
    private final CleanupOnSignal release;

    private ReservedSnapshot(
            DeviceMapper dm, String tpool, MetadataSnapshotHolds holds, MetadataSnapshotHolds.Hold hold) {
        this.dm = dm;
        this.tpool = tpool;
        this.holds = holds;
        this.hold = hold;
        // The dump reading the snapshot is stopped first on a signal, then the release.
        this.release = CleanupOnSignal.register("release-" + tpool, this::releaseAndForget);
    }

    /** Reserves {@code tpool}'s snapshot (the pool must hold none), and records the hold. */
    static ReservedSnapshot reserve(DeviceMapper dm, String tpool, MetadataSnapshotHolds holds) {
        dm.message(tpool, "reserve_metadata_snap");
        MetadataSnapshotHolds.Hold hold;
        try {
            hold = new MetadataSnapshotHolds.Hold(ProcessTable.current(), dm.heldMetadataRoot(tpool));
            holds.record(tpool, hold);
        } catch (VirtTuneException e) {
            release(dm, tpool);
            throw e;
        }
        return new ReservedSnapshot(dm, tpool, holds, hold);
    }

    /** What a SIGTERM or SIGINT runs: the dump stopped, then the release. */
    Thread onSignal() {
        return release.onSignal();
    }

    /** Releases the snapshot, unless a signal's hook did, and forgets the record. */
    @Override
    public void close() {
        release.close();
    }

    private void releaseAndForget() {
        release(dm, tpool);
        holds.forget(tpool, hold);
    }

    /** Releases {@code tpool}'s snapshot, or says how to by hand. */
    static void release(DeviceMapper dm, String tpool) {
        try {
            dm.message(tpool, "release_metadata_snap");
        } catch (VirtTuneException e) {
            throw VirtTuneException.failed(
                    "Could not release the metadata snapshot of " + tpool + " (" + e.getMessage()
                            + "); release it with: dmsetup message " + tpool + " 0 release_metadata_snap",
                    e);
        }
    }
}
