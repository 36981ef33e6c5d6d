package io.virttune.apply.live;

import io.virttune.apply.ports.RunMode;
import io.virttune.lvm.LogicalVolume;
import io.virttune.lvm.Lvm;
import io.virttune.lvm.LvmReport;
import io.virttune.plan.CopyLive;
import io.virttune.plan.CreateVolume;
import io.virttune.qemu.QemuImg;
import io.virttune.text.Bytes;
import java.util.Optional;

/**
 * The zero chunks a live copy's thin LV may give back, read before the pause, or why it gives none back.
 *
 * @param zeros the LV's zero chunks, from the map read before the pause; empty when nothing is given back
 * @param nothing why nothing is given back, said in the pause; empty when there is nothing to say
 */
record ReclaimableChunks(Optional<ChunkRanges> zeros, Optional<String> nothing) {

    /**
     * What {@code step}'s LV, created as {@code volume}, may give back, its source read as
     * {@code sourceFormat}. LVM and the source's map are read now, before the guest is paused: the
     * report takes longer than the reclaim itself, and a source without a whole chunk of zeros (a
     * guest that wrote all over its disk) is not worth a catch-up with the guest paused. Zeros only
     * give way to data while the guest runs, so the map read again in the pause finds none either.
     */
    static ReclaimableChunks read(
            Lvm lvmReads, QemuImg qemuImg, RunMode mode, CopyLive step, String sourceFormat, CreateVolume volume) {
        if (!volume.thin()) {
            return new ReclaimableChunks(Optional.empty(), Optional.empty());
        }
        if (mode == RunMode.DRY_RUN) {
            return nothing("would give back to thin pool " + volume.pool()
                    + " the chunks of " + step.device() + " where " + step.source()
                    + " reads as zeros: before the pause, the"
                    + " guest running, then checked against the source with the guest paused, and the rest then");
        }
        LvmReport report = lvmReads.report();
        Optional<LogicalVolume> pool = report.thinPoolOf(step.device());
        if (pool.isEmpty()) {
            return nothing("LVM does not report " + step.device() + " as a thin LV"
                    + " of a pool: nothing is discarded on it");
        }
        ChunkRanges zeros = zeroChunks(qemuImg, step, sourceFormat, pool.get().chunkSizeBytes());
        if (zeros.isEmpty()) {
            return nothing("no whole chunk of " + step.source() + " reads as zeros:"
                    + " nothing to give back to thin pool " + volume.pool());
        }
        if (!lvmReads.takesDiscards(volume.vg(), volume.name())) {
            return nothing(step.device() + " takes no discards (its thin pool "
                    + volume.pool() + " ignores them): it keeps the " + Bytes.format(zeros.bytes())
                    + " of chunks the copy"
                    + " filled with zeros");
        }
        return new ReclaimableChunks(Optional.of(zeros), Optional.empty());
    }

    private static ReclaimableChunks nothing(String why) {
        return new ReclaimableChunks(Optional.empty(), Optional.of(why));
    }

    /** The whole chunks of {@code chunkBytes} where the source reads as zeros now. */
    private static ChunkRanges zeroChunks(QemuImg qemuImg, CopyLive step, String sourceFormat, long chunkBytes) {
        return ChunkRanges.zerosOf(qemuImg.sharedMap(step.source(), sourceFormat), chunkBytes);
    }
}
