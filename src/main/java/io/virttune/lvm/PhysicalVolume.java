package io.virttune.lvm;

import java.util.Optional;

/** One LVM physical volume as {@code pvs} reports it; an orphan PV has no volume group. */
public record PhysicalVolume(String device, Optional<String> vgName, long sizeBytes, long freeBytes) {}
