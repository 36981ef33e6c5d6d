package io.virttune.lvm;

import io.virttune.VirtTuneException;
import io.virttune.process.RunningChildren;
import java.time.Duration;

/**
 * A thin pool's metadata snapshot this virt-tune reserved: recorded as its hold from the reserve
 * on, released once, when closed or by a shutdown hook when a SIGTERM or SIGINT stops virt-tune
 * first (a SIGKILL leaves it, and its record, for the next reserve).
 */
final class ReservedSnapshot implements AutoCloseable {
    /** How long the dump reading the snapshot gets to stop, on a signal, before the release. */
    private static final Duration STOP_GRACE = Duration.ofSeconds(5);

    private final DeviceMapper dm;
    private final String tpool;
    private final MetadataSnapshotHolds holds;
    private final MetadataSnapshotHolds.Hold hold;
    private final Thread onSignal;
    private boolean released;

    private ReservedSnapshot(DeviceMapper dm, String tpool, MetadataSnapshotHolds holds) {
        this.dm = dm;
        this.tpool = tpool;
        this.holds = holds;
        this.hold = new MetadataSnapshotHolds.Hold(ProcessHandle.current().pid(), dm.heldMetadataRoot(tpool));
        this.onSignal = new Thread(
                () -> {
                    RunningChildren.stopAll(STOP_GRACE);
                    try {
                        release();
                    } catch (VirtTuneException failed) {
                        System.err.println(failed.getMessage());
                    }
                },
                "release-" + tpool);
    }

    /** Reserves {@code tpool}'s snapshot (the pool must hold none), and records the hold. */
    static ReservedSnapshot reserve(DeviceMapper dm, String tpool, MetadataSnapshotHolds holds) {
        dm.message(tpool, "reserve_metadata_snap");
        ReservedSnapshot reserved;
        try {
            reserved = new ReservedSnapshot(dm, tpool, holds);
            holds.record(tpool, reserved.hold);
        } catch (VirtTuneException e) {
            release(dm, tpool);
            throw e;
        }
        Runtime.getRuntime().addShutdownHook(reserved.onSignal);
        return reserved;
    }

    /** What a SIGTERM or SIGINT runs: the dump stopped, then the release. */
    Thread onSignal() {
        return onSignal;
    }

    @Override
    public void close() {
        try {
            Runtime.getRuntime().removeShutdownHook(onSignal);
        } catch (IllegalStateException shuttingDown) {
            // The hook is running or about to: it releases the snapshot itself, once, through release().
        }
        release();
    }

    /**
     * Releases once, then forgets the record. Synchronized: on a signal the work's own close and the
     * hook both come here, and the hook must not return (and the JVM halt) while the other releases.
     */
    private synchronized void release() {
        if (released) {
            return;
        }
        released = true;
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
