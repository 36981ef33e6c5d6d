package io.virttune.libvirt;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.libvirt.DomainBlockStats;

/** The write counters taken from libvirt-java's block stats, and only they. */
class DiskWritesTest {
    @Test
    void takesTheWriteRequestsAndBytesNotTheReads() {
        DomainBlockStats stats = new DomainBlockStats();
        stats.rd_req = 1;
        stats.rd_bytes = 2;
        stats.wr_req = 3;
        stats.wr_bytes = 4096;

        assertEquals(new DiskWrites(3, 4096), DiskWrites.of(stats));
    }
}
