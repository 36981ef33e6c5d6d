package io.virttune.lvm;

import java.util.ArrayList;
import java.util.List;

/** The words of an lvm command line, each checked before lvm reads it: names, sizes, tags and report options. */
final class LvmArguments {
    private LvmArguments() {}

    /** lvcreate with its tags first: an LV never exists, not even for a moment, without them. */
    static List<String> lvcreate(String[] tags, String... rest) {
        List<String> argv = new ArrayList<>(List.of("lvm", "lvcreate", "--yes"));
        for (String tag : tags) {
            if (!tag.matches("[A-Za-z0-9_+.][A-Za-z0-9_+.:=/-]*")) {
                throw new IllegalArgumentException("not an LVM tag: " + tag);
            }
            argv.addAll(List.of("--addtag", tag));
        }
        argv.addAll(List.of(rest));
        return argv;
    }

    /** A report command: {@code fields} of what {@code selection} names, as JSON, sizes in bytes. */
    static List<String> report(List<String> selection, String command, String fields) {
        List<String> argv = new ArrayList<>(
                List.of("lvm", command, "--reportformat", "json", "--units", "b", "--nosuffix", "-o", fields));
        argv.addAll(selection);
        return argv;
    }

    static String bytes(long value) {
        if (value <= 0 || value % 512 != 0) {
            throw new IllegalArgumentException("LVM takes sizes in whole 512-byte sectors: " + value);
        }
        return value + "b";
    }

    static String thinChunk(long bytes) {
        LvmNames.requireValidThinChunk(bytes);
        return bytes(bytes);
    }

    static String vg(String name) {
        LvmNames.requireValidVolumeGroup(name);
        return name;
    }

    static String lvName(String vgName, String name) {
        LvmNames.requireValidLogicalVolume(vgName, name);
        return name;
    }

    /** {@code vg/lv}, each name checked. */
    static String volume(VolumeName volume) {
        vg(volume.vg());
        lvName(volume.vg(), volume.lv());
        return volume.toString();
    }

    /** {@code /dev/vg/lv}, each name checked. */
    static String device(VolumeName volume) {
        volume(volume);
        return volume.devicePath();
    }
}
