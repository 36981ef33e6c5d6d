package io.virttune.qemu;

import io.virttune.lvm.Sizes;
import io.virttune.process.ProcessRunner;
import java.util.List;

/**
 * Writes zeros over a byte range of a block device and flushes them to it.
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
