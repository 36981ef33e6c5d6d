package io.virttune.libvirt;

/**
 * What libvirt's storage layer knows about an image that lives in a pool: used where the image
 * itself cannot be opened (a remote host, or the test driver).
 */
public record StorageVolumeFacts(
        String path, String pool, String name, String xml, long capacityBytes, long allocationBytes) {}
