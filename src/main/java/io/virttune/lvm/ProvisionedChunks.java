package io.virttune.lvm;

import java.util.List;

/**
 * The chunks of one thin LV that its pool has provisioned, as byte ranges of the LV in order, none
 * overlapping, each a whole number of chunks.
 *
 * @param chunkBytes the pool's chunk size
 * @param runs the provisioned ranges, adjacent ones joined
 */
public record ProvisionedChunks(long chunkBytes, List<Run> runs) {

    /** One range of provisioned chunks, in bytes of the LV. */
    public record Run(long start, long length) {}

    public ProvisionedChunks {
        runs = List.copyOf(runs);
    }

    public long bytes() {
        return runs.stream().mapToLong(Run::length).sum();
    }
}
