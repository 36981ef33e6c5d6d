package io.virttune.lvm;

/** One LVM volume group as {@code vgs} reports it, sizes in bytes. */
public record VolumeGroup(
        String name, long extentSizeBytes, long sizeBytes, long freeBytes, int pvCount, int lvCount) {}
