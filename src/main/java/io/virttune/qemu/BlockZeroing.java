package io.virttune.qemu;

import io.virttune.lvm.Sizes;
import io.virttune.process.ProcessRunner;
import java.util.List;

/**
 * Writes zeros over a byte range of a block device and flushes them to it.
 *
 * <p>The part aligned to {@link #ALIGNMENT} goes through {@code blkdiscard -z} (BLKZEROOUT): the
 * kernel uses the device's write-zeroes command or writes zero pages, never a discard that could
 * leave old data readable; on a thin LV it provisions the range. BLKZEROOUT refuses a range not
 * aligned to the device's logical block size (4 KiB on a 4Kn disk, and the LVs on it), so the
 * unaligned head and tail, less than one unit each, are written as explicit zeros with {@code dd}
 * through the page cache, which reads and rewrites the partial blocks. Aligning to the largest
 * logical block size Linux allows, rather than asking the device, works in a dry run too, where
 * the LV does not exist yet. Then {@code sync DEV}: an fsync of the device, which writes back the
 * page cache and flushes the device's write cache ({@code blockdev --flushbufs} does only the first).
 */
public final class BlockZeroing {
    /** The largest logical block size Linux supports (BLK_MAX_BLOCK_SIZE): aligned to it is aligned on every device. */
    static final long ALIGNMENT = 64 * 1024;

    private final ProcessRunner runner;

    public BlockZeroing(ProcessRunner runner) {
        this.runner = runner;
    }

    /** Zeroes {@code length} bytes from {@code offset}, at any alignment, and flushes the device. */
    public void zero(String device, long offset, long length) {
        if (offset < 0 || length < 0) {
            throw new IllegalArgumentException("no such range: " + offset + "+" + length);
        }
        String target = QemuPaths.safe(device);
        long end = offset + length;
        long alignedStart = Math.min(Sizes.roundUp(offset, ALIGNMENT), end);
        long alignedEnd = Math.max(end / ALIGNMENT * ALIGNMENT, alignedStart);
        writeZeros(target, offset, alignedStart - offset);
        if (alignedEnd > alignedStart) {
            runner.act(List.of(
                            "blkdiscard",
                            "--zeroout",
                            "--offset",
                            Long.toString(alignedStart),
                            "--length",
                            Long.toString(alignedEnd - alignedStart),
                            target))
                    .requireSuccess();
        }
        writeZeros(target, alignedEnd, end - alignedEnd);
        runner.act(List.of("sync", target)).requireSuccess();
    }

    private void writeZeros(String device, long offset, long length) {
        if (length > 0) {
            runner.act(List.of(
                            "dd",
                            "if=/dev/zero",
                            "of=" + device,
                            "bs=" + ALIGNMENT,
                            "seek=" + offset,
                            "count=" + length,
                            "oflag=seek_bytes",
                            "iflag=count_bytes",
                            "conv=notrunc",
                            "status=none"))
                    .requireSuccess();
        }
    }
}
