package io.virttune.recipe;

import java.util.Optional;

/**
 * The recipe's verdict on one disk: its role and, for disks left alone, a stable reason id and a
 * sentence an operator understands.
 */
public record DiskVerdict(DiskRole role, Optional<String> reasonId, Optional<String> reason) {

    public static DiskVerdict moveData() {
        return new DiskVerdict(DiskRole.MOVE_DATA, Optional.empty(), Optional.empty());
    }

    public static DiskVerdict retune() {
        return new DiskVerdict(DiskRole.RETUNE, Optional.empty(), Optional.empty());
    }

    public static DiskVerdict leaveAlone(String reasonId, String reason) {
        return new DiskVerdict(DiskRole.LEAVE_ALONE, Optional.of(reasonId), Optional.of(reason));
    }
}
