package io.virttune.qemu;

import io.virttune.VirtTuneException;
import io.virttune.lvm.MetadataSnapshotHolds;
import io.virttune.lvm.ProvisionedChunks;
import io.virttune.lvm.ThinMappings;
import io.virttune.lvm.VolumeName;
import io.virttune.process.ProcessRunner;
import io.virttune.qemu.AllocationMap.Extent;
import io.virttune.text.ByteProgress;
import io.virttune.text.Bytes;
import java.util.List;
import java.util.Optional;

/**
 * Compares a copy in a thin LV with its source, reading only what the source's map and the pool's
 * mapping do not both prove zero, and all of it where the pool's mapping cannot be read (package-info).
 */
public final class ThinCopyCompare {
    /**
     * Windows compared at once. One {@code qemu-img compare} reads its two sides in turn, one
     * request at a time, where the copy kept 16 requests in flight (docs/benchmarks.md, "The verify's
     * windows at once").
     */
    static final int PROCESSES = 4;

    private final ThinMappings mappings;
    private final QemuImgCompare compare;
    private final WindowCompares windowCompares;
    private final long bytesPerSecond;

    /** Compares through {@code runner}, recording the pool's snapshot while it holds it in {@code holds}. */
    public ThinCopyCompare(ProcessRunner runner, MetadataSnapshotHolds holds) {
        this(new ThinMappings(runner, holds), new QemuImgCompare(runner), new WindowCompares(PROCESSES), 0);
    }

    private ThinCopyCompare(
            ThinMappings mappings, QemuImgCompare compare, WindowCompares windowCompares, long bytesPerSecond) {
        this.mappings = mappings;
        this.compare = compare;
        this.windowCompares = windowCompares;
        this.bytesPerSecond = bytesPerSecond;
    }

    /**
     * This compare with its reads of the source at most {@code bytesPerSecond} (0: no cap), in all:
     * the windows compared at once share the cap.
     */
    public ThinCopyCompare capped(long bytesPerSecond) {
        return new ThinCopyCompare(mappings, compare, windowCompares, bytesPerSecond);
    }

    /**
     * Compares the flattened source, of {@code imageBytes} and mapped as {@code sourceMap} ({@link
     * QemuImg#map}, read while nothing could write the source since), with {@code volume}, a thin LV
     * of {@code pool} of {@code deviceBytes} that nothing writes; the LV past the image must read as
     * zeros. {@code progress} counts the bytes read over all the windows together, of their sum.
     */
    public Comparison compare(
            String source,
            String format,
            AllocationMap sourceMap,
            VolumeName volume,
            VolumeName pool,
            long imageBytes,
            long deviceBytes,
            ByteProgress progress) {
        ProvisionedChunks provisioned;
        try {
            provisioned = mappings.of(volume, pool);
        } catch (VirtTuneException e) {
            Comparison whole = compare.capped(bytesPerSecond)
                    .compare(source, format, volume.devicePath(), progress.part(0, deviceBytes, deviceBytes));
            return new Comparison(
                    whole.identical(),
                    whole.detail() + " (read in full: " + e.getMessage() + ")",
                    Optional.of(e.getMessage()));
        }
        List<Extent> windows = VerifyWindows.of(sourceMap, provisioned, imageBytes, deviceBytes);
        long read = windows.stream().mapToLong(Extent::length).sum();
        QemuImgCompare each = compare.capped(share(windowCompares.atOnce(windows.size())));
        WindowsProgress done = new WindowsProgress(progress, read);
        Optional<Comparison> difference = windowCompares.firstDifference(
                windows,
                window -> each.compareRange(
                        source,
                        format,
                        volume.devicePath(),
                        window.start(),
                        Math.min(window.end(), imageBytes) - window.start(),
                        window.length(),
                        done.of(window)));
        if (difference.isPresent()) {
            return difference.get();
        }
        return new Comparison(
                true,
                "Images are identical: compared " + Bytes.format(read) + " in " + windows.size()
                        + " windows; the other "
                        + Bytes.format(deviceBytes - read)
                        + " read as zeros in the source's map and are chunks thin pool "
                        + pool + " never provisioned for " + volume);
    }

    /** Each of {@code processes} compares' part of the cap: together they read no faster than it allows. */
    private long share(int processes) {
        return bytesPerSecond == 0 ? 0 : Math.max(1, bytesPerSecond / processes);
    }
}
