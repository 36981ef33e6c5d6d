package io.virttune.qemu;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.virttune.ExitCode;
import io.virttune.VirtTuneException;
import io.virttune.lvm.LogicalVolume;
import io.virttune.lvm.LvmCli;
import io.virttune.lvm.MetadataSnapshotHolds;
import io.virttune.lvm.Sizes;
import io.virttune.lvm.ThinPoolRoom;
import io.virttune.lvm.VolumeName;
import io.virttune.process.LocalProcessRunner;
import io.virttune.process.ProcessRunner;
import io.virttune.process.ProcessTable;
import io.virttune.testing.Lab;
import io.virttune.text.ProgressMeters;
import io.virttune.text.RecordedProgress;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The conversion primitive on real LVs in the lab: a sparse qcow2 into a fresh thin LV (only data
 * written), into a linear LV over extents full of old random bytes, into a {@code -Zn} thin pool
 * whose chunks held old data, and into a pool too small for it. The image ends inside a chunk
 * and inside an extent, with data in its last MiB, so every tail case is exercised.
 */
class ConversionLabIT {
    private static final long MIB = 1L << 20;
    private static final long EXTENT = 256 * MIB;
    private static final long CHUNK = 4 * MIB;
    private static final long IMAGE_BYTES = 1001 * MIB;
    private static final String VG = "vt_conv";

    private static final ProcessRunner runner = new LocalProcessRunner();
    private static final LvmCli lvm = new LvmCli(runner);
    private static final LvConversion conversion = new LvConversion(runner, MetadataSnapshotHolds.none());
    private static final QemuImgCompare compare = new QemuImgCompare(runner);
    private static final ThinCopyCompare thinCompare = new ThinCopyCompare(runner, MetadataSnapshotHolds.none());
    private static String image;
    private static AllocationMap map;

    @BeforeAll
    static void sparseImageAndVolumeGroup() throws IOException {
        lvm.createVolumeGroup(VG, List.of(Lab.disk("pv1")), EXTENT);
        // Not under /tmp: qemu-img opens the image with O_DIRECT-capable I/O and tmpfs has none.
        Path dir = Files.createTempDirectory(Files.createDirectories(Path.of("target", "lab-it")), "conv");
        image = dir.resolve("source.qcow2").toString();
        Lab.sh("qemu-img", "create", "-q", "-f", "qcow2", image, Long.toString(IMAGE_BYTES));
        Lab.sh(
                "qemu-io",
                "-c",
                "write -P 0xab 0 50M",
                "-c",
                "write -P 0xcd 500M 50M",
                "-c",
                "write -P 0xef 1000M 1M",
                image);
        map = new QemuImg(runner).map(image, "qcow2");
        assertEquals(IMAGE_BYTES, map.virtualSizeBytes());
        assertEquals(101 * MIB, map.allocatedBytes());
    }

    @Test
    void freshThinVolumeGetsOnlyTheDataAndVerifies() {
        lvm.createThinPool(VG, "clean", 2 * EXTENT, CHUNK, false, 4 * MIB);
        lvm.createThin(VG, "clean", "fresh", IMAGE_BYTES);
        LogicalVolume lv = volume("fresh");
        RecordedProgress progress = new RecordedProgress();

        assertEquals(LvConversion.Outcome.WROTE_DATA, intoFreshThin(lv, "clean", progress.meters("clean")));

        assertIdentical(lv);
        Comparison sparse = thinCompare(lv, "clean");
        assertTrue(
                sparse.identical() && sparse.detail().contains(" windows; "),
                "the verify of the good copy did not read the pool's mapping: " + sparse.detail());
        ObjectNode copied = progress.last("copy");
        assertEquals("done", copied.path("state").asText(), progress.toString());
        assertEquals(IMAGE_BYTES, copied.path("bytes_done").asLong(), progress.toString());
        // The verify counts what it reads over all its windows: the data and the chunks the copy provisioned.
        ObjectNode verified = progress.last("verify");
        assertEquals("done", verified.path("state").asText(), progress.toString());
        long read = verified.path("bytes_total").asLong();
        assertTrue(read >= map.allocatedBytes() && read < IMAGE_BYTES, progress.toString());
        assertEquals(read, verified.path("bytes_done").asLong(), progress.toString());
        long allocated = allocatedBytes(volume("fresh"));
        // lvs prints data_percent with two decimals: allow the 0.005% it may round up.
        long rounding = lv.sizeBytes() / 20_000;
        assertTrue(
                allocated >= map.allocatedBytes() - rounding && allocated <= map.thinProvisionedBytes(CHUNK) + rounding,
                "thin LV allocated " + allocated + " bytes for " + map.allocatedBytes() + " bytes of data (at most "
                        + map.thinProvisionedBytes(CHUNK) + " in whole chunks)");
    }

    @Test
    void linearVolumeOverOldDataReadsAsTheImageThenZeros() throws IOException {
        long lvBytes = Sizes.roundUp(IMAGE_BYTES, EXTENT);
        lvm.createLinear(VG, "dirt", lvBytes);
        fillWithRandomBytes(volume("dirt"));
        lvm.remove(VG, "dirt");
        lvm.createLinear(VG, "linear", lvBytes);
        LogicalVolume lv = volume("linear");
        assertFalse(isZero(lv, IMAGE_BYTES, MIB), "the new LV does not sit on the old random bytes");

        // Why the tail step exists: writing every byte of the image still leaves the old tail.
        new QemuImgConvert(runner).convert(ConversionMethod.OVERWRITE_ALL, image, "qcow2", lv.devicePath(), p -> {});
        assertFalse(compare.compare(image, "qcow2", lv.devicePath(), p -> {}).identical());

        assertEquals(
                LvConversion.Outcome.WROTE_DATA,
                conversion.intoLinear(image, "qcow2", lv.devicePath(), lv.sizeBytes(), RecordedProgress.none()));
        assertIdentical(lv);
        assertTrue(isZero(lv, IMAGE_BYTES, lvBytes - IMAGE_BYTES), "the tail beyond the image is not zero");
    }

    @Test
    void reusedChunksOfAPoolWithoutZeroingAreCaughtAndRewrittenInFull() {
        long poolBytes = 5 * EXTENT;
        lvm.createThinPool(VG, "reused", poolBytes, CHUNK, false, 4 * MIB);
        lvm.createThin(VG, "reused", "tenant", poolBytes);
        fillWithRandomBytes(volume("tenant"));
        lvm.remove(VG, "tenant");

        // The leak itself: the data-only copy leaves the old tenant's bytes in partly written chunks.
        lvm.createThin(VG, "reused", "leaky", IMAGE_BYTES);
        LogicalVolume leaky = volume("leaky");
        new QemuImgConvert(runner)
                .convert(ConversionMethod.FRESH_THIN_VOLUME, image, "qcow2", leaky.devicePath(), p -> {});
        Comparison leak = compare.compare(image, "qcow2", leaky.devicePath(), p -> {});
        assertFalse(leak.identical(), "no old data showed through; the pool did not reuse chunks");
        assertFalse(thinCompare(leaky, "reused").identical(), "old data in partly written chunks");
        lvm.remove(VG, "leaky");

        lvm.createThin(VG, "reused", "safe", IMAGE_BYTES);
        LogicalVolume lv = volume("safe");
        RecordedProgress progress = new RecordedProgress();
        assertEquals(LvConversion.Outcome.REWROTE_IN_FULL, intoFreshThin(lv, "reused", progress.meters("safe")));
        assertIdentical(lv);
        // Each copy and each verify ends: the data-only verify stopped short (made again), the full one done.
        assertEquals(
                List.of("done", "stopped", "done", "done"),
                progress.of("copy", "verify").stream()
                        .map(event -> event.path("state").asText())
                        .filter(state -> !state.equals("running"))
                        .toList(),
                progress.toString());
        assertEquals(lv.sizeBytes(), progress.last("verify").path("bytes_total").asLong(), "the full verify's total");
    }

    /**
     * The verify that reads only what the pool's mapping does not prove zero still fails a corrupt
     * copy, naming the device's offset: a byte changed inside the data, a stray write in a chunk the
     * copy did not provision, and one past the image's end in the LV's extent-rounded tail. The pool
     * zeroes new chunks, so a partial write reads zeros around it and the offset named is the byte's.
     */
    @Test
    void aCorruptCopyFailsTheVerifyThatReadsOnlyWhatTheMappingDoesNotProveZero() throws IOException {
        lvm.createThinPool(VG, "corrupt", 2 * EXTENT, CHUNK, true, 4 * MIB);
        for (long offset : new long[] {500 * MIB + 12345, 300 * MIB + 7, 1010 * MIB + 1}) {
            String name = "corrupt-" + offset;
            lvm.createThin(VG, "corrupt", name, IMAGE_BYTES);
            LogicalVolume lv = volume(name);
            assertEquals(LvConversion.Outcome.WROTE_DATA, intoFreshThin(lv, "corrupt", RecordedProgress.none()));
            overwriteByte(lv, offset);

            Comparison result = thinCompare(lv, "corrupt");
            assertFalse(result.identical(), "a byte changed at " + offset + " went unseen: " + result.detail());
            // qemu-img names the first 512-byte sector that differs.
            assertEquals("Content mismatch at offset " + offset / 512 * 512 + "!", result.detail());
            lvm.remove(VG, name);
        }
    }

    /** Where the pool's one metadata snapshot is held by another, the verify reads the LV in full, leaving it held. */
    @Test
    void aPoolWhoseMappingCannotBeReadIsComparedInFull() {
        LogicalVolume lv = copiedIntoANewPool("held");
        String tpool = VG + "-held-tpool";
        Lab.sh("dmsetup", "message", tpool, "0", "reserve_metadata_snap");

        Comparison result = thinCompare(lv, "held");

        assertTrue(result.identical(), result.detail());
        assertTrue(result.detail().contains("(read in full: "), result.detail());
        // The other's snapshot is still held: releasing it succeeds.
        Lab.sh("dmsetup", "message", tpool, "0", "release_metadata_snap");
        lvm.remove(VG, "copy");
        lvm.remove(VG, "held");
    }

    /**
     * A snapshot a SIGKILLed virt-tune left held (stood in for by a process the test kills with
     * SIGKILL after reserving for it and recording its hold, as virt-tune does before its dump): read
     * in full while that process runs, then released by the next verify, which compares in windows.
     */
    @Test
    void aSnapshotAKilledVirtTuneLeftHeldIsReleasedByTheNextVerifyWhichComparesInWindows() throws Exception {
        LogicalVolume lv = copiedIntoANewPool("left");
        String tpool = VG + "-left-tpool";
        System.out.println("dmsetup status " + tpool + ", none held: " + Lab.sh("dmsetup", "status", tpool));
        Process killed = new ProcessBuilder("sleep", "600").start();
        Lab.sh("dmsetup", "message", tpool, "0", "reserve_metadata_snap");
        String status = Lab.sh("dmsetup", "status", tpool);
        System.out.println("dmsetup status " + tpool + ", held: " + status);
        String root = status.strip().split("\\s+")[6];
        MetadataSnapshotHolds holds =
                MetadataSnapshotHolds.in(Files.createTempDirectory(Path.of("target", "lab-it"), "state"));
        holds.record(
                tpool,
                new MetadataSnapshotHolds.Hold(
                        ProcessTable.here().find(killed.pid()).orElseThrow(), root));
        ThinCopyCompare recorded = new ThinCopyCompare(runner, holds);

        Comparison whileItRuns = thinCompare(recorded, lv, "left");
        assertTrue(whileItRuns.detail().contains("(read in full: "), whileItRuns.detail());
        killed.destroyForcibly();
        assertTrue(killed.waitFor(60, TimeUnit.SECONDS));
        Comparison afterTheKill = thinCompare(recorded, lv, "left");

        assertTrue(
                afterTheKill.identical() && afterTheKill.detail().contains(" windows; "),
                "the verify after the kill did not read the pool's mapping: " + afterTheKill.detail());
        assertEquals("-", Lab.sh("dmsetup", "status", tpool).strip().split("\\s+")[6]);
        assertEquals(Optional.empty(), holds.of(tpool));
        lvm.remove(VG, "copy");
        lvm.remove(VG, "left");
    }

    @Test
    void poolTooSmallIsRefusedBeforeWritingAndAFullPoolFailsClearly() throws Exception {
        String small = "vt_small";
        lvm.createVolumeGroup(small, List.of(Lab.disk("pv2")), CHUNK);
        lvm.createThinPool(small, "pool", 64 * MIB, CHUNK, false, 4 * MIB);
        // Fail writes at once when full; LVM's default queues them for 60 s first.
        Lab.sh("lvm", "lvchange", "--errorwhenfull", "y", small + "/pool");
        lvm.createThin(small, "pool", "disk", IMAGE_BYTES);
        ThinPoolRoom room = new ThinPoolRoom(lvm, small, "pool");

        VirtTuneException refused = assertThrows(
                VirtTuneException.class, () -> room.require(map.thinProvisionedBytes(CHUNK), "copy " + image));
        assertEquals(ExitCode.REFUSED, refused.exitCode());
        assertTrue(
                refused.getMessage().contains("thin pool " + small + "/pool, which has 64 MiB free"),
                refused.getMessage());
        assertEquals(0.0, volume(small, "pool").dataPercent().orElseThrow());

        byte[] before = sha256(image);
        LogicalVolume lv = volume(small, "disk");
        RecordedProgress progress = new RecordedProgress();
        VirtTuneException full = assertThrows(
                VirtTuneException.class,
                () -> conversion.intoFreshThin(
                        image, "qcow2", map, lv.volumeName(), lv.sizeBytes(), CHUNK, room, progress.meters("disk")));
        assertEquals("failed", progress.last("copy").path("state").asText(), progress.toString());
        assertEquals(List.of(), progress.of("verify"), "no verify of a copy that failed");
        assertEquals(ExitCode.FAILED, full.exitCode());
        assertTrue(
                full.getMessage().startsWith("Could not copy " + image + " into " + lv.devicePath()),
                full.getMessage());
        assertTrue(full.getMessage().contains("No space left on device"), full.getMessage());
        assertTrue(
                full.getMessage().contains("thin pool " + small + "/pool: 64 MiB, data 100.00% used"),
                full.getMessage());
        assertArrayEquals(before, sha256(image), "the source image changed");
    }

    private static LogicalVolume volume(String name) {
        return volume(VG, name);
    }

    private static LogicalVolume volume(String vg, String name) {
        return lvm.report()
                .logicalVolume(vg, name)
                .orElseThrow(() -> new AssertionError("lvs does not list " + vg + "/" + name));
    }

    private static LvConversion.Outcome intoFreshThin(LogicalVolume lv, String pool, ProgressMeters progress) {
        return conversion
                .intoFreshThin(
                        image,
                        "qcow2",
                        map,
                        lv.volumeName(),
                        lv.sizeBytes(),
                        CHUNK,
                        new ThinPoolRoom(lvm, VG, pool),
                        progress)
                .outcome();
    }

    /** The image copied (without a verify) into thin LV "copy" of a new pool {@code pool}. */
    private static LogicalVolume copiedIntoANewPool(String pool) {
        lvm.createThinPool(VG, pool, EXTENT, CHUNK, true, 4 * MIB);
        lvm.createThin(VG, pool, "copy", IMAGE_BYTES);
        LogicalVolume lv = volume("copy");
        new QemuImgConvert(runner)
                .convert(ConversionMethod.FRESH_THIN_VOLUME, image, "qcow2", lv.devicePath(), p -> {});
        return lv;
    }

    private static Comparison thinCompare(LogicalVolume lv, String pool) {
        return thinCompare(thinCompare, lv, pool);
    }

    private static Comparison thinCompare(ThinCopyCompare through, LogicalVolume lv, String pool) {
        return through.compare(
                image,
                "qcow2",
                map,
                lv.volumeName(),
                new VolumeName(VG, pool),
                IMAGE_BYTES,
                lv.sizeBytes(),
                (done, total) -> {});
    }

    /** Writes one byte unlike the copy's at {@code offset}, through the page cache and flushed. */
    private static void overwriteByte(LogicalVolume lv, long offset) throws IOException {
        try (RandomAccessFile device = new RandomAccessFile(lv.devicePath(), "rws")) {
            device.seek(offset);
            int old = device.read();
            device.seek(offset);
            device.write(old ^ 0x5a);
        }
    }

    private static long allocatedBytes(LogicalVolume thin) {
        return Math.round(thin.sizeBytes() * thin.dataPercent().orElseThrow() / 100);
    }

    private static void assertIdentical(LogicalVolume lv) {
        // The LV is larger than the image: qemu-img warns of the size and checks the rest is zeros.
        Comparison result = compare.compare(image, "qcow2", lv.devicePath(), p -> {});
        assertTrue(result.identical() && result.detail().endsWith("Images are identical."), result.detail());
    }

    private static void fillWithRandomBytes(LogicalVolume lv) {
        Lab.sh(
                "dd",
                "if=/dev/urandom",
                "of=" + lv.devicePath(),
                "bs=4M",
                "count=" + lv.sizeBytes() / (4 * MIB),
                "oflag=direct",
                "status=none");
    }

    private static boolean isZero(LogicalVolume lv, long offset, long length) throws IOException {
        byte[] buffer = new byte[(int) Math.min(length, 4 * MIB)];
        try (RandomAccessFile device = new RandomAccessFile(lv.devicePath(), "r")) {
            for (long at = offset; at < offset + length; at += buffer.length) {
                device.seek(at);
                device.readFully(buffer, 0, (int) Math.min(buffer.length, offset + length - at));
                for (byte b : buffer) {
                    if (b != 0) {
                        return false;
                    }
                }
            }
        }
        return true;
    }

    private static byte[] sha256(String file) throws Exception {
        return MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(Path.of(file)));
    }
}
