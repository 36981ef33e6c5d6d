package io.virttune.host;

import java.util.OptionalInt;

/**
 * The kernel's pool of huge pages of one size, system-wide or on one NUMA node; the kernel counts
 * reservations and surplus pages only system-wide, so a NUMA node's pool reports 0 for them.
 */
public record HugepagePool(long pageSizeKiB, long total, long free, long reserved, long surplus, OptionalInt numaNode) {

    /** Pages neither in use nor promised to a mapping: what a new guest can still get. */
    public long available() {
        return Math.max(0, free - reserved);
    }

    public long totalKiB() {
        return total * pageSizeKiB;
    }

    public long availableKiB() {
        return available() * pageSizeKiB;
    }

    public boolean isSystemWide() {
        return numaNode.isEmpty();
    }
}
