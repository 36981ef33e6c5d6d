package io.virttune.libvirt;

import org.libvirt.DomainBlockStats;

/**
 * A running domain's disk's write counters since its QEMU started (virDomainBlockStats' wr_req and
 * wr_bytes): two reads apart give the guest's write rate.
 */
public record DiskWrites(long requests, long bytes) {
    /** The write counters of libvirt-java's {@code stats}. */
    public static DiskWrites of(DomainBlockStats stats) {
        return new DiskWrites(stats.wr_req, stats.wr_bytes);
    }
}
