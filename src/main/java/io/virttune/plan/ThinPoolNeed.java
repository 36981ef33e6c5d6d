package io.virttune.plan;

/**
 * What the plan counted a moved disk for against its thin pool.
 *
 * @param bytes the image's data in whole chunks of the pool's {@code chunkSizeBytes}, as {@code
 *     qemu-img map} showed it at planning time; or, with {@code chunkSizeBytes} 0, the image's
 *     allocated bytes, where its data could not be mapped (an image read from libvirt's storage
 *     pool, or a pool whose chunk size was not read)
 * @param chunkSizeBytes the pool's chunk size, 0 where the image's data could not be mapped
 */
public record ThinPoolNeed(long bytes, long chunkSizeBytes) {

    /** Whether {@link #bytes} counts whole chunks rather than the image's allocation. */
    public boolean inChunks() {
        return chunkSizeBytes > 0;
    }
}
