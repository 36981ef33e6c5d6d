package io.virttune.plan;

import io.virttune.lvm.VolumeName;
import io.virttune.text.Bytes;
import java.util.Optional;

/**
 * The room a plan may use on its target, debited domain by domain so the whole plan is checked, not
 * each disk alone.
 */
final class SpaceLedger {
    /** Bytes of thin-pool metadata per mapped chunk; generous, as LVM's own estimate is. */
    static final long METADATA_BYTES_PER_CHUNK = 64;

    private final String label;
    /** What the operator can do when the data does not fit. */
    private final String remedy;

    private final long chunkSizeBytes;
    private long dataAvailable;
    private long metadataAvailable;

    private SpaceLedger(String label, String remedy, long dataAvailable, long metadataAvailable, long chunkSizeBytes) {
        this.label = label;
        this.remedy = remedy;
        this.dataAvailable = dataAvailable;
        this.metadataAvailable = metadataAvailable;
        this.chunkSizeBytes = chunkSizeBytes;
    }

    static SpaceLedger linear(String vg, long availableBytes) {
        return new SpaceLedger(
                "VG " + vg,
                "lower --reserve, use a thin pool (--thin-pool VG/POOL: thin LVs take only"
                        + " the data written), or free space in VG " + vg,
                availableBytes,
                Long.MAX_VALUE,
                0);
    }

    static SpaceLedger thin(VolumeName pool, long dataAvailable, long metadataAvailable, long chunkSizeBytes) {
        return new SpaceLedger(
                "thin pool " + pool,
                "extend the pool (lvextend " + pool + ", or a larger"
                        + " --create-thin-pool), free space in it, or plan linear LVs with --vg",
                dataAvailable,
                metadataAvailable,
                chunkSizeBytes);
    }

    /**
     * A ledger that knows nothing (planning offline): everything fits, and the plan says so.
     * {@code chunkSizeBytes} is the thin pool's when the plan knows it anyway (a new pool's), else 0.
     */
    static SpaceLedger unknown(long chunkSizeBytes) {
        return new SpaceLedger("unknown", "", Long.MAX_VALUE, Long.MAX_VALUE, chunkSizeBytes);
    }

    /** The thin pool's chunk size, 0 for linear LVs or when not known. */
    long chunkSizeBytes() {
        return chunkSizeBytes;
    }

    /** Debits the bytes if they fit, else returns why not and debits nothing. */
    Optional<String> debit(long dataBytes) {
        if (dataBytes == 0) {
            return Optional.empty();
        }
        long metadata = metadata(dataBytes);
        if (dataBytes > dataAvailable) {
            return Optional.of("not enough space in " + label + ": needs " + Bytes.format(dataBytes) + ", "
                    + Bytes.format(Math.max(0, dataAvailable)) + " left for this plan after the reserve; " + remedy);
        }
        if (metadata > metadataAvailable) {
            return Optional.of("not enough metadata space in " + label + ": needs about "
                    + Bytes.format(metadata) + ", " + Bytes.format(Math.max(0, metadataAvailable)) + " free; extend the"
                    + " pool's metadata (lvextend --poolmetadatasize)");
        }
        dataAvailable -= dataBytes;
        metadataAvailable -= metadata;
        return Optional.empty();
    }

    /** Gives back what {@link #debit} took for {@code dataBytes}: the domain it was for is not planned after all. */
    void credit(long dataBytes) {
        dataAvailable += dataBytes;
        metadataAvailable += metadata(dataBytes);
    }

    /** The thin-pool metadata {@code dataBytes} of data take; none for linear LVs. */
    private long metadata(long dataBytes) {
        return chunkSizeBytes == 0 ? 0 : ceilDiv(dataBytes, chunkSizeBytes) * METADATA_BYTES_PER_CHUNK;
    }

    private static long ceilDiv(long a, long b) {
        return (a + b - 1) / b;
    }
}
