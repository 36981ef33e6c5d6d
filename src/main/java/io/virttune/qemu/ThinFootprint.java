package io.virttune.qemu;

import java.util.ArrayList;
import java.util.List;

/**
 * What an image's data provisions in a thin pool, at every power-of-two chunk size LVM allows (64
 * KiB to 1 GiB, fifteen figures).
 *
 * @param provisionedBytes the figure for chunks of {@code MIN_CHUNK << i} at index {@code i}
 */
public record ThinFootprint(List<Long> provisionedBytes) {
    /** dm-thin's smallest chunk. */
    public static final long MIN_CHUNK = 64L << 10;
    /** dm-thin's largest chunk. */
    public static final long MAX_CHUNK = 1L << 30;

    private static final int SIZES = Long.numberOfTrailingZeros(MAX_CHUNK) - Long.numberOfTrailingZeros(MIN_CHUNK) + 1;

    public ThinFootprint {
        provisionedBytes = List.copyOf(provisionedBytes);
        if (provisionedBytes.size() != SIZES) {
            throw new IllegalArgumentException(
                    "a thin footprint has " + SIZES + " figures, not " + provisionedBytes.size());
        }
    }

    public static ThinFootprint of(AllocationMap map) {
        List<Long> figures = new ArrayList<>();
        for (long chunk = MIN_CHUNK; chunk <= MAX_CHUNK; chunk <<= 1) {
            figures.add(map.thinProvisionedBytes(chunk));
        }
        return new ThinFootprint(figures);
    }

    /**
     * What the data takes in a pool of {@code chunkBytes} chunks. A pool lvs reports with a chunk
     * that is a multiple of 64 KiB but not a power of two gets an upper bound: each of its chunks the
     * data touches holds at least one touched chunk of the largest power of two dividing it.
     */
    public long provisionedBytes(long chunkBytes) {
        if (chunkBytes < MIN_CHUNK || chunkBytes > MAX_CHUNK || chunkBytes % MIN_CHUNK != 0) {
            throw new IllegalArgumentException("not a thin-pool chunk size: " + chunkBytes + " bytes");
        }
        long divisor = Long.lowestOneBit(chunkBytes);
        int index = Long.numberOfTrailingZeros(divisor) - Long.numberOfTrailingZeros(MIN_CHUNK);
        return provisionedBytes.get(index) / divisor * chunkBytes;
    }
}
