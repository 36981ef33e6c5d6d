package io.virttune.qemu;

import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * One disk image layer as {@code qemu-img info} describes it.
 *
 * @param actualSizeBytes what the image occupies on its storage; empty where qemu-img cannot tell
 * @param internalSnapshots names of the internal (qcow2) snapshots, which a conversion would drop
 * @param backingFilename the backing file as written in the image header (may be relative)
 * @param dirty whether a qcow2 with lazy refcounts was not closed cleanly
 * @param dataFile a qcow2's external data file, which holds its guest data (the qcow2 file then
 *     holds only metadata, and its actual size says nothing of the data)
 */
public record ImageInfo(
        String filename,
        String format,
        long virtualSizeBytes,
        OptionalLong actualSizeBytes,
        boolean encrypted,
        List<String> internalSnapshots,
        Optional<String> backingFilename,
        OptionalLong clusterSize,
        boolean dirty,
        Optional<String> dataFile) {

    public ImageInfo {
        internalSnapshots = List.copyOf(internalSnapshots);
    }
}
