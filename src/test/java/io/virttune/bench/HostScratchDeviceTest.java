package io.virttune.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.ExitCode;
import io.virttune.VirtTuneException;
import io.virttune.process.LocalProcessRunner;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A host device is overwritten by --host-ceiling --destructive only when nothing on the host claims it. */
class HostScratchDeviceTest {
    /** A host where no domain, mount or device claims anything: what tests that ask for no ceiling give. */
    static final HostScratchDevice NOTHING_CLAIMS = new HostScratchDevice(
            List::of,
            (pool, volume) -> Optional.empty(),
            (image, format) -> List.of(),
            new LocalProcessRunner(),
            Path.of("/nonexistent"));

    @TempDir
    Path root;

    private Path device;
    private List<String> definitions = List.of();

    @BeforeEach
    void aBlankDeviceNamedLoop7() throws IOException {
        device = root.resolve("loop7");
        Files.write(device, new byte[2 << 20]);
        Path sys = Files.createDirectories(root.resolve("sys/class/block/loop7"));
        Files.writeString(sys.resolve("dev"), "7:7\n");
        Files.createDirectories(sys.resolve("holders"));
        Files.createDirectories(root.resolve("proc/self"));
        Files.writeString(root.resolve("proc/self/mountinfo"), "22 1 0:21 / /proc rw - proc proc rw\n");
        Files.writeString(root.resolve("proc/swaps"), "Filename Type Size Used Priority\n");
    }

    private VirtTuneException refused() {
        VirtTuneException e = assertThrows(
                VirtTuneException.class,
                () -> new HostScratchDevice(
                                () -> definitions,
                                (pool, volume) -> Optional.empty(),
                                (image, format) -> List.of(),
                                new LocalProcessRunner(),
                                root)
                        .requireUnclaimed(device.toString()));
        assertEquals(ExitCode.REFUSED, e.exitCode());
        return e;
    }

    @Test
    void aBlankDeviceNothingClaimsMayBeOverwritten() {
        new HostScratchDevice(
                        () -> definitions,
                        (pool, volume) -> Optional.empty(),
                        (image, format) -> List.of(),
                        new LocalProcessRunner(),
                        root)
                .requireUnclaimed(device.toString());
    }

    @Test
    void aDeviceADomainNamesIsNotOverwritten() {
        definitions = List.of("<domain type='kvm'><name>db01</name><uuid>8f3b2c1e-0000-4000-8000-00000000000d</uuid>"
                + "<devices><disk type='block' device='disk'><source dev='" + device + "'/><target dev='vdb'/></disk>"
                + "</devices></domain>");

        assertTrue(
                refused().getMessage().contains("the definition of db01 names it"),
                refused().getMessage());
    }

    @Test
    void aDeviceADeviceMapperTableHoldsIsNotOverwritten() throws IOException {
        Files.createDirectories(root.resolve("sys/class/block/loop7/holders/dm-3"));

        assertTrue(refused().getMessage().contains("held by dm-3"), refused().getMessage());
    }

    @Test
    void aWholeDiskBtrfsIsMountedByItsSourceThoughItsNumberIsAnonymous() throws IOException {
        Files.writeString(root.resolve("proc/self/mountinfo"), "40 1 0:45 / /srv/data rw - btrfs /dev/loop7 rw\n");

        assertTrue(
                refused().getMessage().contains("mounted on /srv/data"),
                refused().getMessage());
    }

    @Test
    void aDeviceWithUnknownDataPastItsFirstSectorsIsNotOverwritten() throws IOException {
        byte[] bytes = new byte[2 << 20];
        // A database's raw disk: no signature blkid knows, and nothing in the first 8 KiB.
        byte[] page = "a database page on a raw disk".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        System.arraycopy(page, 0, bytes, 65536 + 64, page.length);
        Files.write(device, bytes);

        assertTrue(
                refused().getMessage().contains("its first MiB is not all zeros"),
                refused().getMessage());
    }

    @Test
    void aDeviceBlkidFindsASignatureOnIsNotOverwrittenAndTheSignatureIsNamed() throws IOException {
        new LocalProcessRunner().run(List.of("mkswap", "-q", device.toString())).requireSuccess();

        assertTrue(
                refused().getMessage().contains("blkid -p finds TYPE=swap"),
                refused().getMessage());
    }
}
