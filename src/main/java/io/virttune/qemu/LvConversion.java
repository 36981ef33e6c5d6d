package io.virttune.qemu;

import io.virttune.VirtTuneException;
import io.virttune.lvm.MetadataSnapshotHolds;
import io.virttune.lvm.Sizes;
import io.virttune.lvm.ThinPoolRoom;
import io.virttune.lvm.VolumeName;
import io.virttune.process.ProcessRunner;
import io.virttune.text.ProgressMeter;
import io.virttune.text.ProgressMeters;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Copies an image into a new LV so that the whole LV, which LVM rounds up to whole extents, reads
 * as the image followed by zeros, and proves it with {@code qemu-img compare} before returning.
 */
public final class LvConversion {
    /** How a conversion reached a verified copy. */
    public enum Outcome {
        /** Only the image's data was written. */
        WROTE_DATA,
        /** The data-only copy did not verify (old data in a reused chunk), so every byte was rewritten. */
        REWROTE_IN_FULL
    }

    /** A verified copy: how it was reached, and why its verify read a thin LV in full where it did. */
    public record Verified(Outcome outcome, Optional<String> readInFullBecause) {}

    private final QemuImg qemuImg;
    private final QemuImgConvert convert;
    private final QemuImgCompare compare;
    private final ThinCopyCompare thinCompare;
    private final BlockZeroing zeroing;

    /** Copies and verifies through {@code runner}; a thin verify records its snapshot hold in {@code holds}. */
    public LvConversion(ProcessRunner runner, MetadataSnapshotHolds holds) {
        this(
                new QemuImg(runner),
                new QemuImgConvert(runner),
                new QemuImgCompare(runner),
                new ThinCopyCompare(runner, holds),
                new BlockZeroing(runner));
    }

    private LvConversion(
            QemuImg qemuImg,
            QemuImgConvert convert,
            QemuImgCompare compare,
            ThinCopyCompare thinCompare,
            BlockZeroing zeroing) {
        this.qemuImg = qemuImg;
        this.convert = convert;
        this.compare = compare;
        this.thinCompare = thinCompare;
        this.zeroing = zeroing;
    }

    /** This conversion with its copy and its verify's reads each at most {@code bytesPerSecond} (0: no cap). */
    public LvConversion capped(long bytesPerSecond) {
        return new LvConversion(
                qemuImg,
                convert.capped(bytesPerSecond),
                compare.capped(bytesPerSecond),
                thinCompare.capped(bytesPerSecond),
                zeroing);
    }

    /**
     * Copies into a linear LV of {@code deviceBytes}: every byte of the image, then zeros to the end;
     * the copy and the verify each shown by a meter of {@code progress}.
     */
    public Outcome intoLinear(String source, String format, String device, long deviceBytes, ProgressMeters progress) {
        long imageBytes = imageBytes(source, format, deviceBytes, device);
        copy(ConversionMethod.OVERWRITE_ALL, source, format, device, progress.copy(device, imageBytes), () -> "");
        // Image sizes are whole 512-byte sectors. On a 4Kn device qemu-img rewrites the image's last
        // 4 KiB block keeping its old bytes past the image, so the zeroing starts right at the image's end.
        long written = Sizes.roundUp(imageBytes, 512);
        if (deviceBytes > written) {
            zeroing.zero(device, written, deviceBytes - written);
        }
        verify(source, format, device, deviceBytes, progress.verify(device), () -> "");
        return Outcome.WROTE_DATA;
    }

    /**
     * Copies into {@code volume}, a thin LV created just now in the pool {@code room} describes, with
     * chunks of {@code chunkBytes}. The pool's room for the data is the caller's pre-check
     * ({@link AllocationMap#thinProvisionedBytes}); the room for a full rewrite is checked, and held
     * until the caller's reservation ends, here ({@link ThinPoolRoom#require}). The
     * verify reads only what the pool's mapping and {@code sourceMap}, the source's {@link
     * QemuImg#map} read for that pre-check, do not prove zero ({@link ThinCopyCompare}). Each copy
     * and verify is shown by a meter of {@code progress}.
     */
    public Verified intoFreshThin(
            String source,
            String format,
            AllocationMap sourceMap,
            VolumeName volume,
            long deviceBytes,
            long chunkBytes,
            ThinPoolRoom room,
            ProgressMeters progress) {
        String device = volume.devicePath();
        long imageBytes = imageBytes(source, format, deviceBytes, device);
        copy(
                ConversionMethod.FRESH_THIN_VOLUME,
                source,
                format,
                device,
                progress.copy(device, imageBytes),
                room::state);
        // Unprovisioned chunks read as zeros; only the chunk the image ends in may hold old bytes.
        long tailEnd = Math.min(Sizes.roundUp(imageBytes, chunkBytes), deviceBytes);
        long written = Sizes.roundUp(imageBytes, 512);
        if (tailEnd > written) {
            zeroing.zero(device, written, tailEnd - written);
        }
        ProgressMeter verified = progress.verify(device);
        Comparison compared = Comparison.metered(
                verified,
                () -> thinCompare.compare(
                        source, format, sourceMap, volume, room.poolName(), imageBytes, deviceBytes, verified));
        if (compared.identical()) {
            return new Verified(Outcome.WROTE_DATA, compared.readInFullBecause());
        }
        // Not a failure: the copy is made again in full, and verified again.
        verified.stopShort();
        room.require(
                imageBytes,
                "rewrite " + device + " in full after old data showed through " + "chunks the copy wrote only in part");
        copy(ConversionMethod.OVERWRITE_ALL, source, format, device, progress.copy(device, imageBytes), room::state);
        verify(source, format, device, deviceBytes, progress.verify(device), room::state);
        return new Verified(Outcome.REWROTE_IN_FULL, compared.readInFullBecause());
    }

    private long imageBytes(String source, String format, long deviceBytes, String device) {
        long imageBytes = qemuImg.info(source, format).top().virtualSizeBytes();
        if (imageBytes > deviceBytes) {
            throw VirtTuneException.refused("Refusing to copy " + source + " (" + imageBytes + " bytes) into " + device
                    + ": the device has only " + deviceBytes + " bytes");
        }
        return imageBytes;
    }

    private void copy(
            ConversionMethod method,
            String source,
            String format,
            String device,
            ProgressMeter progress,
            Supplier<String> targetState) {
        try {
            convert.convert(method, source, format, device, progress);
        } catch (VirtTuneException e) {
            progress.failed();
            throw VirtTuneException.failed(
                    "Could not copy " + source + " into " + device + ": " + e.getMessage() + also(targetState)
                            + "; the source image was only read",
                    e);
        }
    }

    /** Compares the whole of {@code device}, of {@code deviceBytes}, the longer, which the verify reads. */
    private void verify(
            String source,
            String format,
            String device,
            long deviceBytes,
            ProgressMeter progress,
            Supplier<String> targetState) {
        Comparison result = Comparison.metered(
                progress, () -> compare.compare(source, format, device, progress.part(0, deviceBytes, deviceBytes)));
        if (!result.identical()) {
            progress.failed();
            throw VirtTuneException.failed("The copy of " + source + " in " + device
                    + " does not match it (qemu-img compare: " + result.detail() + ")" + also(targetState)
                    + "; the source image was only read");
        }
    }

    private static String also(Supplier<String> targetState) {
        String state = targetState.get();
        return state.isEmpty() ? "" : "; " + state;
    }
}
