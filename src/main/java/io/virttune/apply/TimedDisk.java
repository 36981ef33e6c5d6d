package io.virttune.apply;

import io.virttune.VirtTuneException;
import io.virttune.blockjob.BlockJobs;
import io.virttune.xml.DiskView;
import io.virttune.xml.DomainXml;
import java.util.Comparator;
import java.util.List;

/**
 * Which disk of a running domain {@code calibrate --mirror} times: one a live move would copy (a
 * writable disk on a file or block device), the one named, else the largest.
 */
final class TimedDisk {
    private TimedDisk() {}

    /** The target of the disk to mirror in {@code liveXml}; {@code requested} (null: the largest) must be one a live move copies. */
    static String choose(BlockJobs jobs, String liveXml, String requested) {
        String domain = jobs.domain();
        List<String> copied = DomainXml.parse(liveXml, "the live definition of '" + domain + "'").disks().stream()
                .filter(disk -> disk.device().equals("disk") && !disk.readonly() && !disk.shareable())
                .filter(disk -> disk.type().equals("file") || disk.type().equals("block"))
                .filter(disk -> disk.sourcePath().isPresent())
                .map(DiskView::targetDev)
                .toList();
        if (requested != null) {
            if (!copied.contains(requested)) {
                throw VirtTuneException.refused("domain '" + domain + "' has no disk " + requested + " a live move"
                        + " copies (a writable disk on a file or block device; it has " + listed(copied)
                        + "); no mirror was timed");
            }
            return requested;
        }
        return copied.stream()
                .max(Comparator.comparingLong(jobs::capacityBytes))
                .orElseThrow(() -> VirtTuneException.refused("domain '" + domain + "' has no disk a live move copies"
                        + " (a writable disk on a file or block device); no mirror was timed"));
    }

    private static String listed(List<String> disks) {
        return disks.isEmpty() ? "none" : String.join(", ", disks);
    }
}
