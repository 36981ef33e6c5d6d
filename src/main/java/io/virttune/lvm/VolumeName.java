package io.virttune.lvm;

import io.virttune.VirtTuneException;

/** A logical volume named within its volume group, as lvm and every message write it: {@code vg/lv}. */
public record VolumeName(String vg, String lv) {

    /**
     * {@code text}, written {@code vg/lv}, as the volume it names; {@code whose} says where it was
     * read (a journal), for the message that refuses a string edited into anything else.
     */
    public static VolumeName parse(String text, String whose) {
        int slash = text.indexOf('/');
        if (slash < 0
                || !LvmNames.isValidVolumeGroupName(text.substring(0, slash))
                || !LvmNames.isValid(text.substring(slash + 1))) {
            throw VirtTuneException.failed(whose + " names '" + text + "' as a logical volume, which is not one written"
                    + " VG/LV as lvm names them; was it edited by hand? Nothing was done with it");
        }
        return new VolumeName(text.substring(0, slash), text.substring(slash + 1));
    }

    /** {@code /dev/VG/LV}: the link udev makes for an active LV. */
    public String devicePath() {
        return "/dev/" + vg + "/" + lv;
    }

    /** The device-mapper name LVM gives the LV: each dash inside the VG and LV names doubled. */
    public String dmName() {
        return vg.replace("-", "--") + "-" + lv.replace("-", "--");
    }

    @Override
    public String toString() {
        return vg + "/" + lv;
    }
}
