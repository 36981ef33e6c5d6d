package io.virttune.qemu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.process.LocalProcessRunner;
import io.virttune.process.ProcessRunner;
import io.virttune.qemu.AllocationMap.Extent;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The in-process qcow2 map against its oracle, the real {@code qemu-img map}: random histories of
 * writes, zero writes (allocating and not), discards and compressed writes at unaligned offsets, on
 * version 2 and 3 images of several cluster sizes, each read both ways; and the images it must
 * leave to qemu-img. {@code -Dqcow2map.seed=N} replays a failed run.
 */
class Qcow2MapIT {
    private static final int IMAGES = 60;
    private static final int[] CLUSTER_BITS = {9, 12, 16, 16, 16, 21};
    private static final long[] THIN_CHUNKS = {64L << 10, 512L << 10, 4L << 20};

    private final ProcessRunner runner = new LocalProcessRunner();
    private Path dir;

    @BeforeEach
    void directory() throws IOException {
        dir = Files.createTempDirectory(Files.createDirectories(Path.of("target", "it")), "qcow2map")
                .toAbsolutePath();
    }

    @Test
    void readsTheSameMapAsQemuImgAfterRandomHistories() throws Exception {
        long seed = Long.getLong("qcow2map.seed", System.nanoTime());
        Random random = new Random(seed);
        Map<String, Integer> leftToQemuImg = new TreeMap<>();
        int read = 0;
        for (int i = 0; i < IMAGES; i++) {
            int clusterBits = CLUSTER_BITS[random.nextInt(CLUSTER_BITS.length)];
            long cluster = 1L << clusterBits;
            boolean v2 = random.nextInt(3) == 0;
            // Spanning a few L2 tables: an L2 table maps cluster / 8 clusters.
            long span = cluster * (cluster / 8) * 3;
            long size = 512 * (1 + random.nextLong(Math.min(span, 3L << 30) / 512));
            Path image = dir.resolve("random" + i + ".qcow2");
            String history = history(random, image, cluster, size, v2);
            String context = "seed " + seed + ", image " + i + ": cluster " + cluster + ", size " + size
                    + (v2 ? ", compat=0.10" : "") + ", " + history;
            AllocationMap oracle = qemuImgMap(image);
            AllocationMap ours;
            try {
                ours = Qcow2Map.read(image);
            } catch (Qcow2Map.Unsupported unsupported) {
                leftToQemuImg.merge(unsupported.getMessage().replaceAll("[0-9]+", "N"), 1, Integer::sum);
                continue;
            }
            read++;
            assertEquals(oracle.virtualSizeBytes(), ours.virtualSizeBytes(), context);
            assertEquals(joined(oracle.dataExtents()), joined(ours.dataExtents()), "data, " + context);
            assertEquals(joined(oracle.zeroExtents()), joined(ours.zeroExtents()), "zeros, " + context);
            for (long chunk : THIN_CHUNKS) {
                assertEquals(oracle.zeroChunks(chunk), ours.zeroChunks(chunk), "chunks of " + chunk + ", " + context);
            }
            Files.delete(image);
        }
        // A reader that gave up on every image would pass the comparisons above without proving anything. Small
        // images whose clusters the file holds in part look preallocated with metadata to qemu: about a third.
        assertTrue(
                read >= IMAGES / 2,
                "seed " + seed + ": read " + read + " of " + IMAGES + " images, left to qemu-img: " + leftToQemuImg);
    }

    @Test
    void thePauseReadsAPlainImageInThisProcessAndLeavesTheRestToQemuImgSayingWhy() throws Exception {
        Path plain = create("plain.qcow2");
        run("qemu-io", "-c", "write -P 0xab 64k 64k", plain.toString());
        Path top = dir.resolve("top.qcow2");
        run("qemu-img", "create", "-q", "-f", "qcow2", "-b", plain.toString(), "-F", "qcow2", top.toString());
        PausedMaps maps = PausedMaps.inThisProcess(new QemuImg(runner));

        PausedMaps.PausedMap read = maps.read(plain.toString(), "qcow2");
        PausedMaps.PausedMap left = maps.read(top.toString(), "qcow2");

        assertEquals("read in this process from its qcow2 tables", read.how());
        assertEquals(List.of(new Extent(64 << 10, 64 << 10)), read.map().dataExtents());
        assertEquals("qemu-img map (not read in this process: it has a backing file)", left.how());
        assertEquals(qemuImgMap(top), left.map());
        assertEquals(
                "qemu-img map (a raw image)", maps.read(plain.toString(), "raw").how());
    }

    @Test
    void leavesABackingFileToQemuImg() throws Exception {
        Path base = create("base.qcow2", "-o", "cluster_size=65536");
        Path top = dir.resolve("top.qcow2");
        run("qemu-img", "create", "-q", "-f", "qcow2", "-b", base.toString(), "-F", "qcow2", top.toString());
        assertUnsupported(top, "backing file");
    }

    /** Each an option of {@code qemu-img create}, {@code DIR} this test's directory, and why the image is left. */
    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "extended_l2=on | incompatible features 0x10",
                "data_file=DIR/data.raw | incompatible features 0x4",
                "compression_type=zstd | incompatible features 0x8"
            })
    void leavesWhatItDoesNotReadToQemuImg(String option, String why) throws Exception {
        assertUnsupported(create("unsupported.qcow2", "-o", option.replace("DIR", dir.toString())), why);
    }

    /**
     * An image preallocated with metadata: its data clusters lie in holes of the file, which qemu
     * reports as zeros where it takes the image for one so preallocated (its refcounts against the
     * file system's allocation, which a file system may report otherwise: the lab's UML does), so
     * the reader leaves it to qemu-img then, and reads what qemu-img reads otherwise.
     */
    @Test
    void readsAMetadataPreallocatedImageAsQemuImgDoesOrLeavesItToQemuImg() throws Exception {
        Path image = create("prealloc.qcow2", "-o", "preallocation=metadata,cluster_size=65536");
        run("qemu-io", "-c", "write -P 0xab 100k 300k", "-c", "write -z -u 1M 1M", image.toString());
        AllocationMap oracle = qemuImgMap(image);
        try {
            AllocationMap ours = Qcow2Map.read(image);
            assertEquals(joined(oracle.dataExtents()), joined(ours.dataExtents()));
            assertEquals(joined(oracle.zeroExtents()), joined(ours.zeroExtents()));
        } catch (Qcow2Map.Unsupported unsupported) {
            assertTrue(unsupported.getMessage().contains("preallocated with metadata"), unsupported.getMessage());
            // Left to qemu-img only where qemu reports zeros the tables do not show.
            assertTrue(
                    oracle.zeroExtents().stream()
                            .anyMatch(zero -> oracle.dataExtents().stream()
                                    .anyMatch(data -> data.start() < zero.start() + zero.length()
                                            && zero.start() < data.start() + data.length())),
                    "qemu-img reports no data cluster as zeros: " + oracle);
        }
    }

    /**
     * Each a change to the first L2 entry of an image whose first cluster holds data, and why the
     * image is left: tables qemu would not have written, read as anything, could give back data.
     */
    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                // The cluster's offset moved past the file's end.
                "0x8000000100000000 | at file offset",
                // Half a cluster in: no cluster starts there.
                "0x8000000000058000 | at file offset",
                // Bit 1, reserved.
                "0x8000000000050002 | reserved bits",
                // A zero cluster kept half a cluster in, which qemu takes for corruption.
                "0x8000000000058001 | zero cluster",
            })
    void leavesImplausibleTablesToQemuImg(String entry, String why) throws Exception {
        Path image = create("implausible.qcow2", "-o", "cluster_size=65536");
        run("qemu-io", "-c", "write -P 0xab 0 64k", image.toString());
        Qcow2Map.read(image);
        writeLongAt(image, firstL2Entry(image), Long.parseUnsignedLong(entry.substring(2), 16));
        assertUnsupported(image, why);
    }

    /** A virtual size no L1 table could map, which would overflow the reader's sums: qemu refuses it too. */
    @Test
    void leavesAnImpossibleVirtualSizeToQemuImg() throws Exception {
        Path image = create("huge.qcow2", "-o", "cluster_size=65536");
        writeLongAt(image, 24, Long.MAX_VALUE - 100);
        assertUnsupported(image, "a virtual size of");
    }

    @Test
    void leavesAVersion2ImageWithAZeroFlagToQemuImg() throws Exception {
        Path image = create("v2.qcow2", "-o", "compat=0.10");
        run("qemu-io", "-c", "write -P 0xab 0 64k", image.toString());
        long at = firstL2Entry(image);
        writeLongAt(image, at, readLongAt(image, at) | 1);
        assertUnsupported(image, "zero flag");
    }

    @Test
    void leavesAnImageLeftDirtyToQemuImg() throws Exception {
        Path image = create("dirty.qcow2", "-o", "lazy_refcounts=on");
        // qemu-io's abort ends it without closing the image, which keeps the dirty bit lazy refcounts set.
        runner.run(List.of("qemu-io", "-c", "write -P 0xab 0 64k", "-c", "abort", image.toString()));
        assertUnsupported(image, "incompatible features 0x1");
    }

    @Test
    void leavesEncryptionToQemuImg() throws Exception {
        // crypt_method 1, AES, written into a plain image's header: qemu-img makes no new AES image, and a
        // LUKS one needs a key derivation timed on the CPU, which a loaded machine fails ("Unable to get
        // accurate CPU usage").
        Path image = create("aes.qcow2");
        writeLongAt(image, 32, (1L << 32) | (readLongAt(image, 32) & 0xffffffffL));
        assertUnsupported(image, "encrypted");
    }

    @Test
    void leavesInternalSnapshotsToQemuImg() throws Exception {
        Path image = create("snapshots.qcow2");
        run("qemu-img", "snapshot", "-c", "s1", image.toString());
        assertUnsupported(image, "internal snapshots");
    }

    @Test
    void leavesARawImageToQemuImg() throws Exception {
        Path image = dir.resolve("disk.raw");
        run("qemu-img", "create", "-q", "-f", "raw", image.toString(), "1M");
        assertUnsupported(image, "not a qcow2 image");
    }

    private String history(Random random, Path image, long cluster, long size, boolean v2) {
        List<String> argv = new ArrayList<>(List.of(
                "qemu-img",
                "create",
                "-q",
                "-f",
                "qcow2",
                "-o",
                "cluster_size=" + cluster + (v2 ? ",compat=0.10" : "")));
        argv.add(image.toString());
        argv.add(Long.toString(size));
        run(argv.toArray(String[]::new));
        List<String> io = new ArrayList<>(List.of("qemu-io"));
        // qemu writes a compressed cluster only where nothing is allocated yet: those come first.
        long wholeClusters = size / cluster;
        random.longs(random.nextInt(4), 0, Math.max(1, wholeClusters))
                .distinct()
                .filter(index -> index < wholeClusters)
                .forEach(index -> io.addAll(List.of("-c", "write -c -P 0x5a " + index * cluster + " " + cluster)));
        int steps = 1 + random.nextInt(30);
        long longest = Math.min(4 * cluster, 4L << 20);
        for (int s = 0; s < steps; s++) {
            long offset = random.nextLong(size);
            long length = 1 + random.nextLong(Math.min(longest, size - offset));
            String step = switch (random.nextInt(5)) {
                case 0, 1 -> "write -P 0x" + Integer.toHexString(1 + random.nextInt(255)) + " ";
                case 2 -> "write -z ";
                case 3 -> "write -z -u ";
                default -> "discard ";
            };
            io.add("-c");
            io.add(step + offset + " " + length);
        }
        io.add(image.toString());
        run(io.toArray(String[]::new));
        return String.join(" ", io.subList(1, io.size() - 1));
    }

    private AllocationMap qemuImgMap(Path image) {
        return new QemuImg(runner).map(image.toString(), "qcow2");
    }

    /** Adjacent regions joined: qemu-img also splits a region where the file's offsets jump. */
    private static List<Extent> joined(List<Extent> extents) {
        List<Extent> joined = new ArrayList<>();
        for (Extent extent : extents) {
            int last = joined.size() - 1;
            if (last >= 0 && joined.get(last).start() + joined.get(last).length() == extent.start()) {
                joined.set(
                        last,
                        new Extent(joined.get(last).start(), joined.get(last).length() + extent.length()));
            } else {
                joined.add(extent);
            }
        }
        return joined;
    }

    private Path create(String name, String... options) {
        Path image = dir.resolve(name);
        List<String> argv = new ArrayList<>(List.of("qemu-img", "create", "-q", "-f", "qcow2"));
        argv.addAll(List.of(options));
        argv.add(image.toString());
        argv.add("4M");
        run(argv.toArray(String[]::new));
        return image;
    }

    /** Where the first L2 table's first entry lies in the file. */
    private static long firstL2Entry(Path image) throws IOException {
        long l1 = readLongAt(image, 40);
        return readLongAt(image, l1) & 0x00fffffffffffe00L;
    }

    private static long readLongAt(Path image, long offset) throws IOException {
        try (FileChannel file = FileChannel.open(image, StandardOpenOption.READ)) {
            ByteBuffer buffer = ByteBuffer.allocate(Long.BYTES);
            file.read(buffer, offset);
            return buffer.getLong(0);
        }
    }

    private static void writeLongAt(Path image, long offset, long value) throws IOException {
        try (FileChannel file = FileChannel.open(image, StandardOpenOption.WRITE)) {
            file.write(ByteBuffer.allocate(Long.BYTES).putLong(0, value), offset);
        }
    }

    private void run(String... argv) {
        runner.run(List.of(argv)).requireSuccess();
    }

    private static void assertUnsupported(Path image, String why) {
        Qcow2Map.Unsupported unsupported = assertThrows(Qcow2Map.Unsupported.class, () -> Qcow2Map.read(image));
        assertTrue(unsupported.getMessage().contains(why), unsupported.getMessage());
    }
}
