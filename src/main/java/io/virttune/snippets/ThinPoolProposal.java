package io.virttune.snippets;

import io.virttune.lvm.Sizes;
import io.virttune.lvm.VolumeGroup;
import io.virttune.recipe.Recipe;
import java.util.Optional;

/**
 * A thin pool a VG's free space can hold: the free space minus the over-provisioning reserve and
 * the pool's metadata with its spare, in whole extents; 4 MiB chunks.
 */
record ThinPoolProposal(VolumeGroup vg, long dataBytes, long metadataBytes) {
    private static final long MIB = 1L << 20;
    private static final long MIN_METADATA = 4 * MIB;
    private static final long BYTES_PER_CHUNK_MAPPING = 64;

    /** The largest pool that leaves the reserve free, or empty when there is no room. */
    static Optional<ThinPoolProposal> of(VolumeGroup vg) {
        long extent = vg.extentSizeBytes();
        long room = vg.freeBytes() - (long) Math.ceil(vg.sizeBytes() * Recipe.OVERPROVISION_RESERVE);
        if (extent <= 0 || room <= 0) {
            return Optional.empty();
        }
        long estimate = 2 * (room / Recipe.THIN_CHUNK_BYTES) * BYTES_PER_CHUNK_MAPPING;
        long metadata = Sizes.roundUp(Math.max(estimate, MIN_METADATA), extent);
        long data = (room - 2 * metadata) / extent * extent;
        return data < Recipe.THIN_CHUNK_BYTES
                ? Optional.empty()
                : Optional.of(new ThinPoolProposal(vg, data, metadata));
    }

    /** The lvcreate command for this pool, with zeroing on or off. */
    String command(String poolName, boolean zeroing) {
        return "lvcreate --type thin-pool -L " + dataBytes / MIB + "m --chunksize 4M --poolmetadatasize "
                + metadataBytes / MIB + "m -Z" + (zeroing ? "y" : "n") + " -n " + poolName + " " + vg.name();
    }
}
