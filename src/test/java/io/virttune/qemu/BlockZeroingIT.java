package io.virttune.qemu;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.virttune.lvm.MetadataSnapshotHolds;
import io.virttune.process.LocalProcessRunner;
import io.virttune.process.ProcessRunner;
import io.virttune.text.RecordedProgress;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Zeroing and a whole linear copy on a 4Kn device: a loop device with 4096-byte logical blocks
 * (needs root), over a file full of 0xff standing in for another tenant's old data.
 */
class BlockZeroingIT {
    private static final int DEVICE_BYTES = 4 << 20;
    private static final byte OLD = (byte) 0xff;

    private final ProcessRunner runner = new LocalProcessRunner();
    private Path dir;
    private Path backing;
    private String device;

    @BeforeEach
    void fourKnDeviceFullOfOldData() throws IOException {
        dir = Files.createTempDirectory(Files.createDirectories(Path.of("target", "it")), "zero4k");
        backing = dir.resolve("pv.img");
        byte[] old = new byte[DEVICE_BYTES];
        Arrays.fill(old, OLD);
        Files.write(backing, old);
        device = runner.run(List.of("losetup", "--find", "--show", "--sector-size", "4096", backing.toString()))
                .requireSuccess()
                .stdout()
                .strip();
        assertEquals(
                "4096",
                runner.run(List.of("blockdev", "--getss", device))
                        .requireSuccess()
                        .stdout()
                        .strip());
    }

    @AfterEach
    void detach() {
        if (device != null) {
            runner.run(List.of("losetup", "--detach", device)).requireSuccess();
        }
    }

    @Test
    void zeroesExactlyAnUnalignedRange() throws IOException {
        long offset = 3 * 512;
        long length = DEVICE_BYTES - offset - 4096 - 512;

        new BlockZeroing(runner).zero(device, offset, length);

        byte[] after = Files.readAllBytes(backing);
        for (int i = 0; i < DEVICE_BYTES; i++) {
            boolean zeroed = i >= offset && i < offset + length;
            if (after[i] != (zeroed ? 0 : OLD)) {
                throw new AssertionError("byte " + i + " is " + after[i] + ", zeroed: " + zeroed);
            }
        }
    }

    @Test
    void copiesAnImageWhoseSizeIsNoMultipleOfTheBlockSizeAndVerifiesIt() throws IOException {
        String image = dir.resolve("odd.qcow2").toString();
        long imageBytes = (1 << 20) + 512;
        runner.run(List.of("qemu-img", "create", "-q", "-f", "qcow2", image, Long.toString(imageBytes)))
                .requireSuccess();
        runner.run(List.of("qemu-io", "-f", "qcow2", "-c", "write -P 0xab 1M 512", image))
                .requireSuccess();

        assertEquals(
                LvConversion.Outcome.WROTE_DATA,
                new LvConversion(runner, MetadataSnapshotHolds.none())
                        .intoLinear(image, "qcow2", device, DEVICE_BYTES, RecordedProgress.none()));

        byte[] after = Files.readAllBytes(backing);
        assertEquals((byte) 0xab, after[(1 << 20) + 511]);
        assertEquals(0, after[(int) imageBytes], "first byte past the image, inside its last 4 KiB block");
        assertEquals(0, after[DEVICE_BYTES - 1]);
    }
}
