package io.virttune.snippets;

import io.virttune.lvm.LogicalVolume;
import java.util.List;

/** A logical volume that backs guest disks, with the domain disks it backs ("db01 vda"). */
record GuestVolume(LogicalVolume volume, List<String> disks) {

    GuestVolume {
        disks = List.copyOf(disks);
    }

    String qualifiedName() {
        return volume.volumeName().toString();
    }

    String readAhead() {
        return volume.readAheadBytes().isPresent() ? volume.readAheadBytes().getAsLong() + " bytes" : "auto";
    }

    boolean readsAhead() {
        return volume.readAheadBytes().isEmpty() || volume.readAheadBytes().getAsLong() != 0;
    }
}
