package io.virttune.qemu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.Fixtures;
import io.virttune.VirtTuneException;
import io.virttune.process.ScriptedProcessRunner;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class QemuImgTest {
    private static final long GIB = 1L << 30;

    private final ScriptedProcessRunner runner = new ScriptedProcessRunner();
    private final QemuImg qemuImg = new QemuImg(runner);

    private ImageChain info(String fixture, String path) {
        runner.succeed(Fixtures.read(getClass(), fixture));
        return qemuImg.info(path, path.endsWith(".raw") ? "raw" : "qcow2");
    }

    @Test
    void readsSparseQcow2ForceSharingTheImageAsItsDeclaredFormat() {
        ImageChain chain = info("info-sparse.json", "/tmp/q/sparse.qcow2");
        assertEquals(
                List.of(List.of(
                        "qemu-img",
                        "info",
                        "--output=json",
                        "--backing-chain",
                        "-U",
                        "-f",
                        "qcow2",
                        "/tmp/q/sparse.qcow2")),
                runner.commands());
        assertEquals(
                new ImageInfo(
                        "/tmp/q/sparse.qcow2",
                        "qcow2",
                        GIB,
                        OptionalLong.of(5574656),
                        false,
                        List.of(),
                        Optional.empty(),
                        OptionalLong.of(65536),
                        false,
                        Optional.empty()),
                chain.top());
        assertFalse(chain.hasBackingChain());
        assertEquals(1, chain.depth());
    }

    @Test
    void readsBackingChainTopFirst() {
        ImageChain chain = info("info-top.json", "/tmp/q/top.qcow2");
        assertEquals(
                List.of("/tmp/q/top.qcow2", "/tmp/q/mid.qcow2", "/tmp/q/base.qcow2"),
                chain.layers().stream().map(ImageInfo::filename).toList());
        assertTrue(chain.hasBackingChain());
        assertEquals(3, chain.depth());
        assertEquals(Optional.of("mid.qcow2"), chain.top().backingFilename());
        assertEquals(Optional.empty(), chain.layers().get(2).backingFilename());
    }

    @Test
    void readsInternalSnapshots() {
        ImageChain chain = info("info-snaps.json", "/tmp/q/snaps.qcow2");
        assertEquals(List.of("before-upgrade", "nightly"), chain.top().internalSnapshots());
        assertEquals(2, chain.internalSnapshotCount());
    }

    @Test
    void readsEncryption() {
        assertTrue(info("info-luks.json", "/tmp/q/luks.qcow2").anyEncrypted());
    }

    @Test
    void readsRawImageWithoutClusters() {
        ImageInfo raw = info("info-raw.json", "/tmp/q/disk.raw").top();
        assertEquals("raw", raw.format());
        assertEquals(OptionalLong.empty(), raw.clusterSize());
        assertFalse(raw.encrypted());
    }

    @Test
    void passesRelativeAndDashedNamesAsPlainFiles() {
        info("info-raw.json", "-disk.raw");
        info("info-raw.json", "nbd:evil.qcow2");
        assertEquals("./-disk.raw", runner.commands().get(0).get(7));
        assertEquals("./nbd:evil.qcow2", runner.commands().get(1).get(7));
    }

    @Test
    void saysWhichImageIsMissing() {
        runner.fail(1, Fixtures.read(getClass(), "info-missing.stderr"));
        VirtTuneException e =
                assertThrows(VirtTuneException.class, () -> qemuImg.info("/tmp/q/missing.qcow2", "qcow2"));
        assertEquals("Image /tmp/q/missing.qcow2 does not exist", e.getMessage());
    }

    @Test
    void saysWhichBackingFileIsMissing() {
        runner.fail(1, Fixtures.read(getClass(), "info-missing-backing.stderr"));
        VirtTuneException e = assertThrows(VirtTuneException.class, () -> qemuImg.info("/tmp/q/orphan.qcow2", "qcow2"));
        assertEquals("Backing file /tmp/q/gone.qcow2 of image /tmp/q/orphan.qcow2 does not exist", e.getMessage());
    }

    @Test
    void saysWhenQemuImgIsMissing() {
        runner.fail(127, "Cannot run program \"qemu-img\": error=2, No such file or directory");
        VirtTuneException e = assertThrows(VirtTuneException.class, () -> qemuImg.info("/x.qcow2", "qcow2"));
        assertTrue(e.getMessage().contains("'qemu-img' is not installed"), e.getMessage());
    }

    @Test
    void mapsTheImageAsItsDeclaredFormat() {
        runner.succeed(Fixtures.read(getClass(), "map-sparse.json"));

        AllocationMap map = qemuImg.map("/tmp/q/sparse.qcow2", "qcow2");
        assertEquals(
                List.of(List.of("qemu-img", "map", "--output=json", "-f", "qcow2", "/tmp/q/sparse.qcow2")),
                runner.commands());
        assertEquals(GIB, map.virtualSizeBytes());
        assertEquals(5L << 20, map.allocatedBytes());
    }
}
