package io.virttune.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.ExitCode;
import io.virttune.VirtTuneException;
import io.virttune.process.LocalProcessRunner;
import io.virttune.testing.Lab;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The host device check of {@code --host-ceiling --destructive} on a real block device with the
 * real blkid, /sys and mkfs: a whole-disk btrfs, an LVM PV and a device a domain names are
 * refused; only a blank device is accepted.
 */
class HostScratchDeviceLabIT {
    private String device;

    @BeforeEach
    void blankDevice() {
        Lab.require();
        device = Lab.disk("pv7");
        blank();
    }

    @AfterEach
    void wipe() {
        blank();
    }

    private void blank() {
        Lab.sh(
                "sh",
                "-c",
                "lvm pvremove -q -y " + device + " >/dev/null 2>&1; wipefs -a -q " + device + " && dd if=/dev/zero of="
                        + device + " bs=1M count=2 conv=fsync status=none");
    }

    private static HostScratchDevice check(List<String> definitions) {
        return new HostScratchDevice(
                () -> definitions,
                (pool, volume) -> Optional.empty(),
                (image, format) -> List.of(),
                new LocalProcessRunner(),
                Path.of("/"));
    }

    private String refusal(List<String> definitions) {
        VirtTuneException e =
                assertThrows(VirtTuneException.class, () -> check(definitions).requireUnclaimed(device));
        assertEquals(ExitCode.REFUSED, e.exitCode());
        return e.getMessage();
    }

    @Test
    void aBlankDeviceNothingClaimsIsAccepted() {
        check(List.of()).requireUnclaimed(device);
    }

    @Test
    void aWholeDiskBtrfsIsRefused() {
        Lab.sh("mkfs.btrfs", "-q", "-f", device);

        String message = refusal(List.of());
        assertTrue(message.contains("blkid -p finds") && message.contains("TYPE=btrfs"), message);
    }

    @Test
    void anLvmPhysicalVolumeIsRefused() {
        Lab.sh("lvm", "pvcreate", "-q", "-y", device);

        String message = refusal(List.of());
        assertTrue(message.contains("TYPE=LVM2_member"), message);
    }

    @Test
    void aDeviceADomainNamesIsRefusedThoughItIsBlank() {
        String message = refusal(List.of("<domain type='kvm'><name>db01</name><devices><disk type='block'"
                + " device='disk'><source dev='" + device + "'/><target dev='vdb'/></disk></devices></domain>"));
        assertTrue(message.contains("the definition of db01 names it"), message);
    }
}
