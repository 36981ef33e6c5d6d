package io.virttune.plan;

/**
 * What the plan counted a moved disk for against its thin pool: the image's data in whole chunks
 * of the pool's {@code chunkSizeBytes}, as {@code qemu-img map} showed it at planning time; or,
 * with {@code chunkSizeBytes} 0, the image's allocated bytes, where its data could not be mapped
 * (an image read from libvirt's storage pool, or a pool whose chunk size was not read). Apply
 * counts the chunks again before each copy.
 */
public record ThinPoolNeed(long bytes, long chunkSizeBytes) {

    /** Whether {@link #bytes} counts whole chunks rather than the image's allocation. */
    public boolean inChunks() {
        return chunkSizeBytes > 0;
    }
}
