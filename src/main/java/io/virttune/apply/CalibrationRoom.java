package io.virttune.apply;

import io.virttune.VirtTuneException;
import io.virttune.apply.guards.ThinSpace;
import io.virttune.lvm.LogicalVolume;
import io.virttune.lvm.LvmReport;
import io.virttune.lvm.ThinPoolRoom;
import io.virttune.lvm.VolumeGroup;
import io.virttune.lvm.VolumeName;
import io.virttune.text.Bytes;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The room a calibration's temporary LV takes: the VG's free extents for a linear one; for a thin
 * one its whole size in data and the metadata to map it, booked in the host's pool-room ledger,
 * where apply's copies book theirs, from before the LV is created until it is removed.
 */
final class CalibrationRoom {
    /**
     * What a refusal says besides the numbers.
     *
     * @param writes what writes the LV and how much, the sentence's subject ("a calibration writes 1 GiB")
     * @param smaller the smaller thing to ask for instead
     * @param nothingDone that nothing ran
     */
    record Wording(String writes, String smaller, String nothingDone) {}

    /**
     * Who books the room.
     *
     * @param domain whose work the LV is for, as the ledger names it; null for none
     * @param leftovers the killed calibrations' LVs a dry run counts as removed, as the run would have
     *     removed them by then
     */
    record Booker(String domain, List<LogicalVolume> leftovers) {
        /** calibrate's own measure of a VG or pool, {@code leftovers} counted as removed. */
        static Booker calibration(List<LogicalVolume> leftovers) {
            return new Booker(null, leftovers);
        }

        /** The timed mirror of a disk of {@code domain}. */
        static Booker mirrorOf(String domain) {
            return new Booker(domain, List.of());
        }
    }

    private final ThinSpace space;

    CalibrationRoom(ThinSpace space) {
        this.space = space;
    }

    /**
     * Books {@code size} for {@code booker}'s LV {@code volume} in its VG, or in the VG's pool {@code
     * thinPool} (null: linear), as {@code report} shows them; refuses, changing nothing, when the room
     * is lacking.
     */
    ThinSpace.Reservation book(
            LvmReport report, String thinPool, VolumeName volume, long size, Booker booker, Wording wording) {
        VolumeGroup vg = report.volumeGroup(volume.vg())
                .orElseThrow(() -> VirtTuneException.failed("volume group " + volume.vg() + " vanished"));
        List<LogicalVolume> leftovers = booker.leftovers();
        if (thinPool == null) {
            if (vg.freeBytes() + freedBy(leftovers) < size) {
                throw VirtTuneException.refused("volume group " + vg.name() + " has " + Bytes.format(vg.freeBytes())
                        + " free" + andFreedBy(leftovers) + ", and " + wording.writes() + " to a temporary LV in it:"
                        + " free some space, or " + wording.smaller() + "; " + wording.nothingDone());
            }
            return ThinSpace.Reservation.NONE;
        }
        LogicalVolume pool = report.logicalVolume(vg.name(), thinPool)
                .filter(LogicalVolume::isThinPool)
                .orElseThrow(() -> VirtTuneException.refused("no thin pool " + vg.name() + "/" + thinPool
                        + " on this host (lvs " + vg.name() + " lists its LVs); " + wording.nothingDone()));
        ThinSpace.Need need = ThinSpace.Need.whole(size, pool.chunkSizeBytes());
        String what = "the calibration's temporary thin LV " + volume + ", " + Bytes.format(size);
        return space.reserve(
                need,
                pool.volumeName(),
                booker.domain(),
                what,
                (host, now, held) -> lacking(now, need, held, leftovers, wording)
                        .or(() -> ThinSpace.metadataShortfall(pool.volumeName().toString(), now, need, held)
                                .map(metadata -> "Refusing to create " + what + ": " + metadata + "; "
                                        + wording.nothingDone())));
    }

    private static Optional<String> lacking(
            LogicalVolume pool,
            ThinSpace.Need need,
            ThinSpace.Need held,
            List<LogicalVolume> leftovers,
            Wording wording) {
        if (pool.dataPercent().isEmpty()) {
            return Optional.of("thin pool " + pool.volumeName() + " "
                    + ThinPoolRoom.inactive(pool.volumeName().toString()) + ", then calibrate again; "
                    + wording.nothingDone());
        }
        if (pool.freeDataBytes() + freedBy(leftovers) - held.dataBytes() >= need.dataBytes()) {
            return Optional.empty();
        }
        return Optional.of("thin pool " + pool.volumeName() + " has " + Bytes.format(pool.freeDataBytes())
                + " of data free" + andFreedBy(leftovers) + ThinSpace.running(held.dataBytes()) + ", and "
                + wording.writes() + " to a temporary thin LV in it: a full pool stops every thin LV in it; "
                + wording.smaller() + " or extend the pool; " + wording.nothingDone());
    }

    /**
     * The bytes that removing {@code leftovers} frees: a linear LV's extents, a thin LV's data in its
     * pool (counted down, as the pool's own free data is).
     */
    private static long freedBy(List<LogicalVolume> leftovers) {
        return leftovers.stream()
                .mapToLong(volume -> volume.isThin()
                        ? (long) Math.floor(
                                volume.sizeBytes() * volume.dataPercent().orElse(0) / 100)
                        : volume.sizeBytes())
                .sum();
    }

    /**
     * What removing {@code leftovers} adds to the free room a refusal names, for it to name all the
     * room it counted; nothing when they free none.
     */
    private static String andFreedBy(List<LogicalVolume> leftovers) {
        long freed = freedBy(leftovers);
        if (freed == 0) {
            return "";
        }
        String names =
                leftovers.stream().map(volume -> volume.volumeName().toString()).collect(Collectors.joining(", "));
        return " and " + Bytes.format(freed) + " more once the leftover calibration "
                + (leftovers.size() == 1 ? "LV " + names + " is" : "LVs " + names + " are") + " removed";
    }
}
