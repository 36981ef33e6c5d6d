package io.virttune.qemu;

import io.virttune.qemu.Qcow2Map.Unsupported;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.LongBuffer;
import java.nio.channels.FileChannel;

/**
 * The facts of a qcow2 image's header that {@link Qcow2Map} reads its tables with (QEMU's
 * docs/interop/qcow2.txt), checked to be those of a plain image; its reads of the file, each
 * checked to lie inside it.
 *
 * @param version 2 or 3
 * @param clusterBits log2 of the cluster size
 * @param virtualSize the disk's size as the guest sees it
 * @param l1Size the active L1 table's entries
 * @param l1Offset where the active L1 table starts in the file
 * @param refcountTableOffset where the refcount table starts in the file
 * @param refcountTableClusters the refcount table's clusters
 * @param refcountOrder log2 of a refcount's bits
 * @param fileSize the file's length
 */
record Qcow2Header(
        int version,
        int clusterBits,
        long virtualSize,
        int l1Size,
        long l1Offset,
        long refcountTableOffset,
        int refcountTableClusters,
        int refcountOrder,
        long fileSize) {
    private static final int MAGIC = 0x514649fb;
    /** qemu opens no image with larger clusters (2 MiB). */
    private static final int MAX_CLUSTER_BITS = 21;
    /** qemu's own limit on the L1 table (32 MiB of entries). */
    private static final long MAX_L1_ENTRIES = (32L << 20) / Long.BYTES;
    /** qemu's own limit on the refcount table (8 MiB). */
    private static final long MAX_REFCOUNT_TABLE_BYTES = 8L << 20;
    /** Version 2's refcounts are 16 bits wide. */
    private static final int VERSION_2_REFCOUNT_ORDER = 4;

    /** The header of the qcow2 image open as {@code file}, or why this reader leaves the image to qemu-img. */
    static Qcow2Header of(FileChannel file) throws IOException, Unsupported {
        ByteBuffer header = readAt(file, 0, 104, "the header");
        if (header.getInt(0) != MAGIC) {
            throw new Unsupported("it is not a qcow2 image (no QFI magic)");
        }
        int version = header.getInt(4);
        if (version != 2 && version != 3) {
            throw new Unsupported("qcow2 version " + version);
        }
        if (header.getLong(8) != 0) {
            throw new Unsupported("it has a backing file");
        }
        int clusterBits = header.getInt(20);
        if (clusterBits < 9 || clusterBits > MAX_CLUSTER_BITS) {
            throw new Unsupported("cluster_bits " + clusterBits);
        }
        if (header.getInt(32) != 0) {
            throw new Unsupported("it is encrypted");
        }
        if (header.getInt(60) != 0) {
            throw new Unsupported("it has internal snapshots");
        }
        int refcountOrder = VERSION_2_REFCOUNT_ORDER;
        if (version == 3) {
            long incompatible = header.getLong(72);
            if (incompatible != 0) {
                throw new Unsupported("incompatible features 0x" + Long.toHexString(incompatible)
                        + " (bit 0 dirty, 1 corrupt, 2 external data file, 3 compression type,"
                        + " 4 extended L2 entries)");
            }
            refcountOrder = header.getInt(96);
            if (refcountOrder < 0 || refcountOrder > 6) {
                throw new Unsupported("refcount_order " + refcountOrder);
            }
        }
        long clusterSize = 1L << clusterBits;
        long fileSize = file.size();
        long virtualSize = header.getLong(24);
        long l1Size = Integer.toUnsignedLong(header.getInt(36));
        long l1Offset = header.getLong(40);
        // The most an L1 table of its largest size maps: a larger size would overflow what follows.
        long largest = MAX_L1_ENTRIES * (clusterSize / Long.BYTES) * clusterSize;
        if (virtualSize < 0 || virtualSize > largest) {
            throw new Unsupported("a virtual size of " + virtualSize + " bytes");
        }
        long needed = ceilDiv(ceilDiv(virtualSize, clusterSize), clusterSize / Long.BYTES);
        if (l1Size > MAX_L1_ENTRIES || l1Size < needed) {
            throw new Unsupported("an L1 table of " + l1Size + " entries for " + virtualSize + " bytes");
        }
        requireInside(l1Offset, l1Size * Long.BYTES, clusterSize, fileSize, "the L1 table");
        long refcountTableOffset = header.getLong(48);
        long refcountTableClusters = Integer.toUnsignedLong(header.getInt(56));
        if (refcountTableClusters * clusterSize > MAX_REFCOUNT_TABLE_BYTES) {
            throw new Unsupported("a refcount table of " + refcountTableClusters + " clusters");
        }
        requireInside(
                refcountTableOffset, refcountTableClusters * clusterSize, clusterSize, fileSize, "the refcount table");
        return new Qcow2Header(
                version,
                clusterBits,
                virtualSize,
                (int) l1Size,
                l1Offset,
                refcountTableOffset,
                (int) refcountTableClusters,
                refcountOrder,
                fileSize);
    }

    long clusterSize() {
        return 1L << clusterBits;
    }

    /** The guest clusters an L2 table maps. */
    int l2Entries() {
        return (int) (clusterSize() / Long.BYTES);
    }

    /** The guest's clusters, the last one perhaps in part. */
    long clusters() {
        return ceilDiv(virtualSize, clusterSize());
    }

    long[] l1(FileChannel file) throws IOException, Unsupported {
        return entries(readAt(file, l1Offset, l1Size * (long) Long.BYTES, "the L1 table"));
    }

    long[] refcountTable(FileChannel file) throws IOException, Unsupported {
        return entries(readAt(file, refcountTableOffset, refcountTableClusters * clusterSize(), "the refcount table"));
    }

    /** The table of one cluster (an L2 table, a refcount block) at {@code offset} of the file. */
    ByteBuffer cluster(FileChannel file, long offset, String what) throws IOException, Unsupported {
        requireInside(offset, clusterSize(), clusterSize(), fileSize, what);
        return readAt(file, offset, clusterSize(), what);
    }

    /** The same table as 64-bit entries. */
    long[] clusterEntries(FileChannel file, long offset, String what) throws IOException, Unsupported {
        return entries(cluster(file, offset, what));
    }

    /** Whether {@code offset} starts a cluster that lies wholly inside the file. */
    boolean clusterInside(long offset) {
        return inside(offset, clusterSize(), clusterSize(), fileSize);
    }

    private static void requireInside(long offset, long length, long clusterSize, long fileSize, String what)
            throws Unsupported {
        if (!inside(offset, length, clusterSize, fileSize)) {
            throw new Unsupported(what + " at file offset " + offset + " (file of " + fileSize + " bytes)");
        }
    }

    /** Whether {@code length} bytes at {@code offset}, a cluster boundary past the header, lie wholly inside the file. */
    private static boolean inside(long offset, long length, long clusterSize, long fileSize) {
        return offset > 0 && offset % clusterSize == 0 && offset <= fileSize && length <= fileSize - offset;
    }

    private static ByteBuffer readAt(FileChannel file, long offset, long length, String what)
            throws IOException, Unsupported {
        ByteBuffer buffer = ByteBuffer.allocate(Math.toIntExact(length));
        while (buffer.hasRemaining()) {
            if (file.read(buffer, offset + buffer.position()) < 0) {
                throw new Unsupported("the file ends inside " + what);
            }
        }
        return buffer.flip();
    }

    private static long[] entries(ByteBuffer table) {
        LongBuffer longs = table.asLongBuffer();
        long[] entries = new long[longs.remaining()];
        longs.get(entries);
        return entries;
    }

    private static long ceilDiv(long a, long b) {
        return (a + b - 1) / b;
    }
}
