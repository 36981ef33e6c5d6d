package io.virttune.qemu;

import io.virttune.qemu.AllocationMap.Extent;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A qcow2 image's allocation read in this process from its header, L1 and L2 tables (QEMU's
 * docs/interop/qcow2.txt), the same regions {@code qemu-img map} reports, for the plain image only
 * ({@link Qcow2Header}): version 2 or 3, no backing file, no external data file, no extended L2
 * entries, no encryption, no internal snapshot, no incompatible feature bit at all (dirty and
 * corrupt included). Any other image, and any table that does not look as qemu writes it, is
 * {@link Unsupported}: a wrong map gives back chunks that hold the guest's data, so the caller asks
 * qemu-img instead.
 */
public final class Qcow2Map {
    /** Bits 9-55: where an L2 table or a standard cluster starts in the file. */
    private static final long OFFSET_MASK = 0x00fffffffffffe00L;
    /** An L1 entry's reserved bits, 0-8 and 56-62: set, the table is not one qemu wrote. */
    private static final long L1_RESERVED = 0x7f000000000001ffL;

    private static final long COMPRESSED = 1L << 62;
    private static final long COPIED = 1L << 63;
    private static final long READS_AS_ZEROS = 1L;
    /** A standard cluster descriptor's reserved bits, 1-8 and 56-61. */
    private static final long L2_RESERVED = 0x3f000000000001feL;

    /** One lseek a run: 4096 of them take a few milliseconds. */
    private static final int MOST_RUNS_ASKED = 4096;

    private Qcow2Map() {}

    /** Why an image is left to qemu-img: a feature this reader does not read, or tables it does not trust. */
    public static final class Unsupported extends Exception {
        Unsupported(String why) {
            super(why);
        }
    }

    /**
     * The regions of the image at {@code image} that hold data and those that read as zeros, as
     * {@code qemu-img map} reports them (adjacent regions of one kind joined), read with the image's
     * writer stopped and flushed: a running writer's tables may be half written.
     */
    public static AllocationMap read(Path image) throws Unsupported {
        try (FileChannel file = FileChannel.open(image, StandardOpenOption.READ)) {
            Qcow2Header header = Qcow2Header.of(file);
            Regions regions = new Regions(header.virtualSize(), header.clusterSize());
            long[] l1 = header.l1(file);
            long clusters = header.clusters();
            List<long[]> dataHostRanges = new ArrayList<>();
            for (int l1Index = 0; (long) l1Index * header.l2Entries() < clusters; l1Index++) {
                if ((l1[l1Index] & L1_RESERVED) != 0) {
                    throw new Unsupported("L1 entry " + l1Index + " has reserved bits set");
                }
                long first = (long) l1Index * header.l2Entries();
                int count = (int) Math.min(header.l2Entries(), clusters - first);
                long l2Offset = l1[l1Index] & OFFSET_MASK;
                if (l2Offset == 0) {
                    regions.add(first, count, Kind.ZERO);
                    continue;
                }
                long[] l2 = header.clusterEntries(file, l2Offset, "an L2 table");
                for (int i = 0; i < count; i++) {
                    regions.add(first + i, 1, kindOf(header, l2[i], first + i, dataHostRanges));
                }
            }
            if (!dataHostRanges.isEmpty() && MetadataPreallocation.detected(image, file, header)) {
                requireNoHoleUnder(image, dataHostRanges);
            }
            return regions.map();
        } catch (IOException e) {
            throw new Unsupported("reading it failed: " + e.getMessage());
        }
    }

    /**
     * The kind of {@code cluster}, from its L2 entry, as qemu's block driver reads it; a standard data
     * cluster's range of the file added to {@code data}, joined to the one before where they touch.
     */
    private static Kind kindOf(Qcow2Header header, long entry, long cluster, List<long[]> data) throws Unsupported {
        if ((entry & COMPRESSED) != 0) {
            return Kind.DATA;
        }
        if ((entry & L2_RESERVED) != 0) {
            throw new Unsupported("the L2 entry of cluster " + cluster + " has reserved bits set");
        }
        long offset = entry & OFFSET_MASK;
        if ((entry & READS_AS_ZEROS) != 0) {
            if (header.version() < 3) {
                // qemu fails to read a version 2 image with a zero flag.
                throw new Unsupported("the version 2 image's cluster " + cluster + " has the zero flag");
            }
            if (offset % header.clusterSize() != 0) {
                // qemu takes such a table for corrupt.
                throw new Unsupported("the zero cluster " + cluster + " is kept at file offset " + offset);
            }
            return Kind.ZERO;
        }
        if (offset == 0) {
            if ((entry & COPIED) != 0) {
                // Only an external data file's cluster may sit at offset 0.
                throw new Unsupported("cluster " + cluster + " is at file offset 0");
            }
            return Kind.ZERO;
        }
        if (!header.clusterInside(offset)) {
            throw new Unsupported("cluster " + cluster + " at file offset " + offset);
        }
        int last = data.size() - 1;
        if (last >= 0 && data.get(last)[1] == offset) {
            data.get(last)[1] = offset + header.clusterSize();
        } else {
            data.add(new long[] {offset, offset + header.clusterSize()});
        }
        return Kind.DATA;
    }

    /**
     * Where qemu takes the image for one preallocated with metadata, it asks the file whether each
     * data cluster lies in a hole of it, and reports zeros there; this reader does not, so an image
     * where one does is left to qemu-img. The file is asked once a run of data clusters, at most
     * {@link #MOST_RUNS_ASKED} runs, so that the pause pays for no more.
     */
    private static void requireNoHoleUnder(Path image, List<long[]> dataHostRanges) throws Unsupported, IOException {
        if (dataHostRanges.size() > MOST_RUNS_ASKED) {
            throw new Unsupported("it looks preallocated with metadata to qemu, and its data clusters lie in "
                    + dataHostRanges.size() + " runs of the file, too many to ask the file about in the pause");
        }
        Optional<long[]> overHole = SparseFiles.firstWithAHole(image, dataHostRanges);
        if (overHole.isPresent()) {
            throw new Unsupported("it looks preallocated with metadata to qemu, and data clusters at file"
                    + " offsets " + overHole.get()[0] + "-" + overHole.get()[1] + " lie in part in a hole of the"
                    + " file, which qemu reports as zeros");
        }
    }

    /** What a guest cluster reads as, in qemu-img map's words. */
    private enum Kind {
        DATA,
        ZERO
    }

    /** The guest's clusters in order, joined into regions of one kind, the last one cut at the disk's end. */
    private static final class Regions {
        private final long virtualSize;
        private final long clusterSize;
        private final List<Extent> data = new ArrayList<>();
        private final List<Extent> zeros = new ArrayList<>();
        private Kind runKind;
        private long runStart;
        private long runEnd;

        Regions(long virtualSize, long clusterSize) {
            this.virtualSize = virtualSize;
            this.clusterSize = clusterSize;
        }

        void add(long firstCluster, long count, Kind kind) {
            long start = firstCluster * clusterSize;
            if (kind != runKind || start != runEnd) {
                endRun();
                runKind = kind;
                runStart = start;
            }
            runEnd = Math.min(virtualSize, (firstCluster + count) * clusterSize);
        }

        AllocationMap map() {
            endRun();
            return new AllocationMap(virtualSize, data, zeros);
        }

        private void endRun() {
            if (runKind != null && runEnd > runStart) {
                (runKind == Kind.DATA ? data : zeros).add(new Extent(runStart, runEnd - runStart));
            }
            runKind = null;
        }
    }
}
