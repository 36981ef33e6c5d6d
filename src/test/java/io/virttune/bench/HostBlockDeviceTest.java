package io.virttune.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** Device numbers decoded as glibc does, and a real file of this machine traced to its diskstats device. */
class HostBlockDeviceTest {

    @Test
    void decodesLinuxDeviceNumbers() {
        assertEquals(254, HostBlockDevice.major(0xfe00));
        assertEquals(0, HostBlockDevice.minor(0xfe00));
        // 259:65536 (a large NVMe partition minor) as the kernel encodes it: minor bits 8-19 move up by 12.
        long dev = (259L << 8) | ((65536L & ~0xffL) << 12);
        assertEquals(259, HostBlockDevice.major(dev));
        assertEquals(65536, HostBlockDevice.minor(dev));
    }

    @Test
    void aFileInThisProjectIsOnADeviceListedInDiskstats() throws Exception {
        String device = HostBlockDevice.of(Path.of("pom.xml").toAbsolutePath().toString(), false)
                .orElseThrow();

        assertTrue(Files.readString(Path.of("/proc/diskstats")).contains(" " + device + " "), device);
    }

    @Test
    void aFileOnProcHasNoBlockDevice() {
        assertTrue(HostBlockDevice.of("/proc/version", false).isEmpty());
    }
}
