package io.virttune.recipe;

/**
 * What the policy and the host allow every disk: the cache mode chosen ({@link CacheMode#NONE}, or
 * {@link CacheMode#WRITEBACK} when asked for), whether the host's QEMU passes discard through
 * virtio-blk, and whether an operator's io_uring may stay.
 */
public record HostLevers(CacheMode cache, boolean discardSupported, IoUringRule ioUring) {}
