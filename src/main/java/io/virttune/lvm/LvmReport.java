package io.virttune.lvm;

import java.util.List;
import java.util.Optional;

/** Everything LVM reports about one host: its volume groups, visible logical volumes and PVs. */
public record LvmReport(
        List<VolumeGroup> volumeGroups, List<LogicalVolume> logicalVolumes, List<PhysicalVolume> physicalVolumes) {

    public LvmReport {
        volumeGroups = List.copyOf(volumeGroups);
        logicalVolumes = List.copyOf(logicalVolumes);
        physicalVolumes = List.copyOf(physicalVolumes);
    }

    public Optional<VolumeGroup> volumeGroup(String name) {
        return volumeGroups.stream().filter(vg -> vg.name().equals(name)).findFirst();
    }

    public Optional<LogicalVolume> logicalVolume(String vgName, String name) {
        return logicalVolumes.stream()
                .filter(lv -> lv.vgName().equals(vgName) && lv.name().equals(name))
                .findFirst();
    }

    /** Finds the LV behind a disk source path, given as {@code /dev/VG/LV} or {@code /dev/mapper/VG-LV}. */
    public Optional<LogicalVolume> logicalVolumeByDevice(String path) {
        return logicalVolumes.stream()
                .filter(lv -> lv.devicePath().equals(path) || lv.mapperPath().equals(path))
                .findFirst();
    }

    /** The thin pool of the thin LV behind a disk source path; empty when that is no thin LV LVM reports. */
    public Optional<LogicalVolume> thinPoolOf(String path) {
        return logicalVolumeByDevice(path)
                .filter(LogicalVolume::isThin)
                .flatMap(thin -> thin.poolName().flatMap(name -> logicalVolume(thin.vgName(), name)));
    }

    /** The thin volumes provisioned from a thin pool. */
    public List<LogicalVolume> thinVolumesOf(LogicalVolume pool) {
        return logicalVolumes.stream()
                .filter(lv -> lv.isThin() && lv.vgName().equals(pool.vgName()))
                .filter(lv -> lv.poolName().filter(pool.name()::equals).isPresent())
                .toList();
    }
}
