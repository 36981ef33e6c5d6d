package io.virttune.lvm;

/** A logical volume named within its volume group, as lvm and every message write it: {@code vg/lv}. */
public record VolumeName(String vg, String lv) {

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
