package io.virttune.apply.custody;

import com.fasterxml.jackson.annotation.JsonIgnore;

/**
 * The custody record of one migrated disk, journaled before its first copy.
 *
 * @param source the image the guest ran on before virt-tune
 * @param volume the LV virt-tune copies it into, as VG/LV
 * @param verified true once the LV was found equal to the source (a compare, or the pivot of a
 *     live copy): from then on the LV is a copy of the disk in its own right
 * @param sourceRemovedBy who removed the source and when, written before the removal; null while
 *     virt-tune has not removed it
 */
public record DiskCustody(String source, String volume, boolean verified, String sourceRemovedBy) {

    public static DiskCustody copying(String source, String volume) {
        return new DiskCustody(source, volume, false, null);
    }

    public DiskCustody asVerified() {
        return new DiskCustody(source, volume, true, sourceRemovedBy);
    }

    public DiskCustody sourceRemovedBy(String who) {
        return new DiskCustody(source, volume, verified, who);
    }

    /** The LV's device path, as a definition names it. */
    @JsonIgnore
    public String volumeDevice() {
        return "/dev/" + volume;
    }
}
