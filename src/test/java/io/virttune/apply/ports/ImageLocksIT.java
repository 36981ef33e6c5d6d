package io.virttune.apply.ports;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.process.LocalProcessRunner;
import io.virttune.process.ProcessRunner;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real QEMU (TCG, stopped before the first instruction) holds a raw disk, a qcow2 disk and a
 * qcow2 overlay on a raw backing file, as a guest does; the lock check must see each of them.
 */
class ImageLocksIT {
    private final ProcessRunner runner = new LocalProcessRunner();
    private final ImageLocks locks = new ImageLocks(runner);
    private Process qemu;

    @TempDir
    Path dir;

    @AfterEach
    void stopQemu() throws InterruptedException {
        if (qemu != null) {
            qemu.destroy();
            qemu.waitFor(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void seesEveryImageARunningGuestHoldsAndChangesNone() throws Exception {
        Path raw = create("disk.raw", "raw");
        Path qcow2 = create("disk.qcow2", "qcow2");
        Path base = create("base.raw", "raw");
        Path overlay = dir.resolve("overlay.qcow2");
        runner.run(List.of(
                        "qemu-img",
                        "create",
                        "-q",
                        "-f",
                        "qcow2",
                        "-b",
                        base.toString(),
                        "-F",
                        "raw",
                        overlay.toString()))
                .requireSuccess();
        String before = sha256(qcow2);
        for (Path image : List.of(raw, qcow2, base, overlay)) {
            assertEquals(Optional.empty(), locks.holder(image.toString()), image + " before the guest starts");
        }

        qemu = new ProcessBuilder(
                        "qemu-system-x86_64",
                        "-machine",
                        "q35,accel=tcg",
                        "-display",
                        "none",
                        "-S",
                        "-nodefaults",
                        "-monitor",
                        "none",
                        "-drive",
                        "file=" + raw + ",format=raw,if=none,id=d0",
                        "-device",
                        "virtio-blk-pci,drive=d0",
                        "-drive",
                        "file=" + qcow2 + ",format=qcow2,if=none,id=d1",
                        "-device",
                        "virtio-blk-pci,drive=d1",
                        "-drive",
                        "file=" + overlay + ",format=qcow2,if=none,id=d2",
                        "-device",
                        "virtio-blk-pci,drive=d2")
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("qemu.log").toFile())
                .start();
        waitUntilHeld(raw);

        for (Path image : List.of(raw, qcow2, base, overlay)) {
            String holder = locks.holder(image.toString()).orElseThrow(() -> new AssertionError(image + " looks free"));
            assertTrue(holder.contains("in use by another process"), holder);
        }
        assertEquals(before, sha256(qcow2));
    }

    private Path create(String name, String format) {
        Path image = dir.resolve(name);
        runner.run(List.of("qemu-img", "create", "-q", "-f", format, image.toString(), "64M"))
                .requireSuccess();
        return image;
    }

    private void waitUntilHeld(Path image) throws Exception {
        for (int i = 0; i < 100 && locks.holder(image.toString()).isEmpty(); i++) {
            assertTrue(qemu.isAlive(), () -> "qemu exited: " + read(dir.resolve("qemu.log")));
            Thread.sleep(100);
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (java.io.IOException e) {
            return e.toString();
        }
    }

    private static String sha256(Path file) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
    }
}
