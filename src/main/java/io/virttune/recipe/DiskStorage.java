package io.virttune.recipe;

import io.virttune.lvm.LogicalVolume;
import io.virttune.xml.DiskView;
import java.util.Optional;

/** The kind of storage a disk's data ends on, as far as the io mode it may use depends on it. */
public enum DiskStorage {
    THIN_LV("an LVM thin volume"),
    THICK_LV("a thick LVM volume"),
    FILE("a file"),
    /** A partition, a whole disk, a network disk: no io_uring record the recipe trusts. */
    OTHER("this kind of storage");

    private final String words;

    DiskStorage(String words) {
        this.words = words;
    }

    /** Where the disk is now: its LV, if it is on one, else its source's kind. */
    public static DiskStorage of(DiskView disk, Optional<LogicalVolume> lv) {
        if (lv.isPresent()) {
            return lv.get().isThin() ? THIN_LV : THICK_LV;
        }
        return disk.type().equals("file") ? FILE : OTHER;
    }

    /** The LV a data move ends on. */
    public static DiskStorage lv(boolean thin) {
        return thin ? THIN_LV : THICK_LV;
    }

    public String words() {
        return words;
    }
}
