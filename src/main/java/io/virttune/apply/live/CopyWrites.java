package io.virttune.apply.live;

import io.virttune.VirtTuneException;
import io.virttune.blockjob.BlockJobs;
import io.virttune.inspect.GuestWriteRate;
import io.virttune.libvirt.DiskWrites;
import java.util.Optional;

/**
 * A copied disk's write counters read when its first mirror starts and again each time a mirror
 * is done (ready, before the pause for the pivot, or timed by calibrate): what its guest wrote while
 * it was copied, for a later plan to learn how a mirror's load slows a guest from.
 */
public final class CopyWrites {
    private final BlockJobs jobs;
    private final String disk;
    private Optional<Read> started = Optional.empty();
    private Optional<GuestWriteRate> during = Optional.empty();

    public CopyWrites(BlockJobs jobs, String disk) {
        this.jobs = jobs;
        this.disk = disk;
    }

    /** A mirror starts: the first one's counters are where the copy's writes are counted from. */
    public void mirrorStarting() {
        if (started.isEmpty()) {
            started = read();
        }
    }

    /** A mirror is done: the writes since the first started, replacing those of a copy the pause then refused. */
    public void mirrorDone() {
        started.ifPresent(from -> read().ifPresent(to -> during = Optional.of(GuestWriteRate.between(
                from.writes().requests(),
                from.writes().bytes(),
                to.writes().requests(),
                to.writes().bytes(),
                Math.max(1, (to.nanos() - from.nanos()) / 1_000_000)))));
    }

    /** The guest's writes during the copy; empty where either read failed or no mirror was seen from its start. */
    public Optional<GuestWriteRate> during() {
        return during;
    }

    private Optional<Read> read() {
        try {
            return Optional.of(new Read(jobs.writes(disk), System.nanoTime()));
        } catch (VirtTuneException unread) {
            // A libvirt that cannot say costs the copy nothing: its entry then says nothing of the guest.
            return Optional.empty();
        }
    }

    /** One read of the counters, and when. */
    private record Read(DiskWrites writes, long nanos) {}
}
