package io.virttune.lvm;

import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * One visible LVM logical volume as {@code lvs} reports it, sizes in bytes.
 *
 * @param attributes LVM's ten-character {@code lv_attr}, e.g. {@code twi-aotz--}
 * @param readAheadBytes empty when LVM chooses the read-ahead itself ({@code auto})
 * @param poolName the thin pool of a thin volume
 * @param chunkSizeBytes a thin pool's chunk size, 0 for other volumes
 * @param zeroing whether a thin pool zeroes newly provisioned chunks; empty for other volumes
 * @param dataPercent how full a thin pool or thin volume is; empty when lvs printed none (an inactive pool)
 * @param metadataPercent how full a thin pool's metadata is
 * @param metadataSizeBytes a thin pool's metadata size, 0 for other volumes
 * @param tags the LV's {@code lv_tags}; virt-tune tags every LV it creates
 */
public record LogicalVolume(
        String vgName,
        String name,
        long sizeBytes,
        String segmentType,
        String attributes,
        OptionalLong readAheadBytes,
        Optional<String> poolName,
        long chunkSizeBytes,
        Optional<Boolean> zeroing,
        OptionalDouble dataPercent,
        OptionalDouble metadataPercent,
        long metadataSizeBytes,
        List<String> tags) {

    public LogicalVolume {
        tags = List.copyOf(tags);
    }

    public boolean hasTag(String tag) {
        return tags.contains(tag);
    }

    /** Whether its device exists: lv_attr's fifth character is {@code a}. */
    public boolean isActive() {
        return LvAttributes.active(attributes);
    }

    public boolean isThinPool() {
        return "thin-pool".equals(segmentType);
    }

    public boolean isThin() {
        return "thin".equals(segmentType);
    }

    /**
     * A thin pool's free data space in bytes, the least its report allows: lvs prints data_percent to
     * two decimals, so the half-hundredth it may have rounded away counts as used.
     *
     * <p>A pool whose usage lvs did not report (it prints none for an inactive pool) counts as full,
     * 0 bytes free, as inspect's choice of a target pool has always read it. Its room is not known:
     * read as empty, it would let a copy overcommit the pool, and a full pool stalls or fails every
     * thin volume in it, other guests' included; read as full, a check refuses and nothing is written.
     */
    public long freeDataBytes() {
        if (dataPercent.isEmpty()) {
            return 0;
        }
        double used = Math.min(100, dataPercent.getAsDouble() + 0.005);
        return sizeBytes - (long) Math.ceil(sizeBytes * used / 100);
    }

    /** The volume as lvm names it, {@code vg/lv}. */
    public VolumeName volumeName() {
        return new VolumeName(vgName, name);
    }

    /** The path udev and LVM create for the volume. */
    public String devicePath() {
        return volumeName().devicePath();
    }

    /** The device-mapper path, where LVM doubles each dash inside the VG and LV names. */
    public String mapperPath() {
        return "/dev/mapper/" + volumeName().dmName();
    }
}
