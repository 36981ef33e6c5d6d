package io.virttune.bench;

import java.util.Optional;

/** The host's block device counters: which device backs a disk, and a diskstats sample. */
public interface HostCounters {

    /** The diskstats name of the device under the disk's source, or empty when there is none here. */
    Optional<String> device(DiskFingerprint disk);

    DiskStatsSample sample();
}
