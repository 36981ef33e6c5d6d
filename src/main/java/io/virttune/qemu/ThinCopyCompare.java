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
    private final ThinMappings mappings;
    private final QemuImgCompare compare;

    /** Compares through {@code runner}, recording the pool's snapshot while it holds it in {@code holds}. */
    public ThinCopyCompare(ProcessRunner runner, MetadataSnapshotHolds holds) {
        this(new ThinMappings(runner, holds), new QemuImgCompare(runner));
    }

    private ThinCopyCompare(ThinMappings mappings, QemuImgCompare compare) {
        this.mappings = mappings;
        this.compare = compare;
    }

    /** This compare with its reads of the source at most {@code bytesPerSecond} (0: no cap). */
    public ThinCopyCompare capped(long bytesPerSecond) {
        return new ThinCopyCompare(mappings, compare.capped(bytesPerSecond));
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
            Comparison whole =
                    compare.compare(source, format, volume.devicePath(), progress.part(0, deviceBytes, deviceBytes));
            return new Comparison(
                    whole.identical(),
                    whole.detail() + " (read in full: " + e.getMessage() + ")",
                    Optional.of(e.getMessage()));
        }
        List<Extent> windows = VerifyWindows.of(sourceMap, provisioned, imageBytes, deviceBytes);
        long toRead = windows.stream().mapToLong(Extent::length).sum();
        long read = 0;
        for (Extent window : windows) {
            long sourceBytes = Math.min(window.end(), imageBytes) - window.start();
            Comparison result = compare.compareRange(
                    source,
                    format,
                    volume.devicePath(),
                    window.start(),
                    sourceBytes,
                    window.length(),
                    progress.part(read, window.length(), toRead));
            if (!result.identical()) {
                return result;
            }
            read += window.length();
        }
        return new Comparison(
                true,
                "Images are identical: compared " + Bytes.format(read) + " in " + windows.size()
                        + " windows; the other "
                        + Bytes.format(deviceBytes - read)
                        + " read as zeros in the source's map and are chunks thin pool "
                        + pool + " never provisioned for " + volume);
    }
}
