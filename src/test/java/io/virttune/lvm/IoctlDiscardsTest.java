package io.virttune.lvm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.virttune.VirtTuneException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The discards in this process, refused with the kernel's words and the LV's name where no block
 * device takes them (the lab discards a real thin LV's chunks: {@code LvmCliLabIT}).
 */
class IoctlDiscardsTest {
    @TempDir
    Path dir;

    @Test
    void aFileThatIsNoBlockDeviceRefusesTheDiscardNamingTheLvAndTheKernelsWords() throws Exception {
        Path file = Files.write(dir.resolve("not-a-device"), new byte[8192]);
        try (ThinDiscards.Discarding lv = IoctlDiscards.openDevice(file.toString(), "vg/g1-sda")) {
            VirtTuneException refused = assertThrows(VirtTuneException.class, () -> lv.discard(4096, 4096));
            assertEquals(
                    "Could not discard 4096+4096 of vg/g1-sda: Inappropriate ioctl for device (errno 25)",
                    refused.getMessage());
        }
    }

    @Test
    void aMissingDeviceIsRefusedWhenOpenedNamingIt() {
        VirtTuneException refused =
                assertThrows(VirtTuneException.class, () -> new IoctlDiscards().open("vt_none", "gone"));
        assertEquals(
                "Could not open /dev/vt_none/gone of vt_none/gone to discard: No such file or directory (errno 2)",
                refused.getMessage());
    }

    @Test
    void noRangeIsNoDiscard() throws Exception {
        Path file = Files.write(dir.resolve("not-a-device"), new byte[8192]);
        try (ThinDiscards.Discarding lv = IoctlDiscards.openDevice(file.toString(), "vg/g1-sda")) {
            assertThrows(IllegalArgumentException.class, () -> lv.discard(0, 0));
        }
    }
}
