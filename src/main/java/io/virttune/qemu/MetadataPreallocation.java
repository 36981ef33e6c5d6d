package io.virttune.qemu;

import io.virttune.qemu.Qcow2Map.Unsupported;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;

/**
 * Whether qemu takes a qcow2 image for one preallocated with metadata, as its block driver decides it
 * ({@code qcow2_detect_metadata_preallocation}): the clusters its refcounts hold are at least a ninth
 * more (and two more) than the clusters the file system allocated for the file. Then qemu asks the
 * file where each data cluster lies, and reports zeros where it lies in a hole.
 */
final class MetadataPreallocation {
    private MetadataPreallocation() {}

    static boolean detected(Path image, FileChannel file, Qcow2Header header) throws IOException, Unsupported {
        long realClusters = SparseFiles.allocatedBytes(image, header.fileSize()) / header.clusterSize();
        long threshold = Math.max(realClusters * 10 / 9, realClusters + 2);
        long endCluster = (header.fileSize() + header.clusterSize() - 1) / header.clusterSize();
        int refcountBits = 1 << header.refcountOrder();
        long perBlock = header.clusterSize() * 8 / refcountBits;
        long[] table = header.refcountTable(file);
        long counted = 0;
        for (int t = 0; t < table.length && t * perBlock < endCluster && counted < threshold; t++) {
            long blockOffset = table[t] & ~0x1ffL;
            if (blockOffset == 0) {
                continue;
            }
            ByteBuffer block = header.cluster(file, blockOffset, "a refcount block");
            long clusters = Math.min(perBlock, endCluster - t * perBlock);
            for (int i = 0; i < clusters && counted < threshold; i++) {
                if (inUse(block, i, refcountBits)) {
                    counted++;
                }
            }
        }
        return counted >= threshold;
    }

    /** Whether refcount {@code i} of {@code block} is not zero; below a byte, bit 0 is the least significant. */
    private static boolean inUse(ByteBuffer block, int i, int refcountBits) {
        if (refcountBits >= 8) {
            int bytes = refcountBits / 8;
            for (int b = 0; b < bytes; b++) {
                if (block.get(i * bytes + b) != 0) {
                    return true;
                }
            }
            return false;
        }
        long bit = (long) i * refcountBits;
        int value = (block.get((int) (bit / 8)) & 0xff) >>> (bit % 8);
        return (value & ((1 << refcountBits) - 1)) != 0;
    }
}
