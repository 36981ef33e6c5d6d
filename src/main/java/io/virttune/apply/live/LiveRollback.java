package io.virttune.apply.live;

import io.virttune.VirtTuneException;
import io.virttune.apply.journal.DomainJournal;
import io.virttune.apply.ports.BlockJobsSource;
import io.virttune.blockjob.BlockCopy;
import io.virttune.blockjob.BlockJobs;
import io.virttune.blockjob.MirrorState;
import io.virttune.libvirt.LiveDomain;
import io.virttune.xml.DiskView;
import io.virttune.xml.DomainXml;
import java.io.PrintWriter;
import java.util.List;
import java.util.Optional;

/**
 * The part of a rollback a live move needs. Before the pivot the guest runs on its sources, the
 * truth: its copies are aborted, and then its LVs can go while it runs. After the pivot its writes
 * are on the LVs only, and going back to the sources discards them.
 */
public final class LiveRollback {
    private final BlockJobsSource blockJobs;
    private final PrintWriter out;

    public LiveRollback(BlockJobsSource blockJobs, PrintWriter out) {
        this.blockJobs = blockJobs;
        this.out = out;
    }

    /** Whether {@code definition} has a disk on one of the LVs this apply created: a pivot (or the define) put it there. */
    public static boolean onOwnVolume(String definition, DomainJournal journal) {
        List<String> devices =
                journal.ownVolumes().stream().map(volume -> "/dev/" + volume).toList();
        return DomainXml.parse(definition, "domain " + journal.domain()).disks().stream()
                .anyMatch(disk -> disk.sourcePath().filter(devices::contains).isPresent());
    }

    /**
     * Aborts every copy of the running {@code live} onto an LV this apply created; refuses when the
     * guest runs on one already (pivoted), saying what a rollback would lose.
     */
    public void abortCopies(LiveDomain live, DomainJournal journal, boolean force) {
        List<String> devices =
                journal.ownVolumes().stream().map(volume -> "/dev/" + volume).toList();
        blockJobs.with(live.name(), jobs -> {
            String liveXml = jobs.liveXml();
            if (onOwnVolume(liveXml, journal)) {
                throw VirtTuneException.refused(
                        "'" + live.name() + "' runs on the LV(s) its live move switched it onto:"
                                + " every write since the pivot is there only, and a rollback to the old images discards them"
                                + (force
                                        ? "; shut it down first (its disks cannot be swapped under a running guest), then roll back"
                                                + " with --force"
                                        : "; to do that anyway, shut it down and roll back with --force"));
            }
            for (DiskView disk :
                    DomainXml.parse(liveXml, "domain " + live.name()).disks()) {
                Optional<String> destination = MirrorState.destinationOf(liveXml, live.name(), disk.targetDev());
                if (destination.filter(devices::contains).isPresent()) {
                    abort(jobs, disk.targetDev(), destination.get());
                }
            }
            return null;
        });
    }

    private void abort(BlockJobs jobs, String disk, String device) {
        out.println("abort the block copy of disk " + disk + " onto " + device + " (the guest stays on its source)");
        new BlockCopy(jobs, disk).abort();
    }
}
