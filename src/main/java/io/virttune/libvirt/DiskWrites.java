package io.virttune.libvirt;

/**
 * A running domain's disk's write counters since its QEMU started (virDomainBlockStats' wr_req and
 * wr_bytes): two reads apart give the guest's write rate.
 */
public record DiskWrites(long requests, long bytes) {}
