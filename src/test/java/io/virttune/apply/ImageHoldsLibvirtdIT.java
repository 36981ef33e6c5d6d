package io.virttune.apply;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.ExitCode;
import io.virttune.VirtTuneException;
import io.virttune.apply.ports.ImageHolds;
import io.virttune.apply.ports.QemuIoHolds;
import io.virttune.process.LocalProcessRunner;
import io.virttune.process.ProcessResult;
import io.virttune.process.ProcessRunner;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Against the real libvirtd on qemu:///system (scripts/libvirtd.sh starts it) and QEMU under TCG:
 * while virt-tune holds a qcow2 image, {@code virsh start} of the domain on it fails; once released
 * it starts; and the image of a running guest cannot be held. The image is never changed.
 */
class ImageHoldsLibvirtdIT {
    private static final String URI = "qemu:///system";

    private final ProcessRunner runner = new LocalProcessRunner();
    private final String name = "vt-it-" + UUID.randomUUID().toString().substring(0, 8) + "-hold";
    // Under libvirt's images directory: the QEMU that libvirtd starts may not reach a test's /tmp.
    private final Path dir = Path.of("/var/lib/libvirt/images", name);
    private final ImageHolds holds = new QemuIoHolds();

    @AfterEach
    void removeTheDomain() throws Exception {
        virsh("destroy", name);
        virsh("undefine", name);
        if (Files.exists(dir)) {
            try (Stream<Path> files = Files.walk(dir)) {
                for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(file);
                }
            }
        }
    }

    @Test
    void aHeldImageStopsVirshStartAndTheImageOfARunningGuestCannotBeHeld() throws Exception {
        Files.createDirectories(dir);
        Path image = dir.resolve("disk.qcow2");
        runner.run(List.of("qemu-img", "create", "-q", "-f", "qcow2", image.toString(), "64M"))
                .requireSuccess();
        Path xml = Files.writeString(
                dir.resolve("domain.xml"),
                "<domain type='qemu'><name>" + name + "</name>"
                        + "<memory unit='MiB'>64</memory><os><type arch='x86_64' machine='q35'>hvm</type></os><devices>"
                        + "<disk type='file' device='disk'><driver name='qemu' type='qcow2'/><source file='" + image
                        + "'/>"
                        + "<target dev='vda' bus='virtio'/></disk></devices></domain>");
        virsh("define", xml.toString()).requireSuccess();
        String before = sha256(image);

        try (ImageHolds.Hold held = holds.hold(image.toString(), name)) {
            ProcessResult start = virsh("start", name);
            assertFalse(start.succeeded(), "the guest started on a held image: " + start.stdout());
            assertTrue(start.stderr().contains("lock"), start.stderr());
        }
        virsh("start", name).requireSuccess();

        VirtTuneException refused = assertThrows(VirtTuneException.class, () -> holds.hold(image.toString(), name));
        assertEquals(ExitCode.REFUSED, refused.exitCode());
        assertTrue(refused.getMessage().contains("is in use by another process"), refused.getMessage());
        virsh("destroy", name).requireSuccess();
        assertEquals(before, sha256(image), "holding the image changed it");
    }

    private ProcessResult virsh(String... args) {
        List<String> argv = new ArrayList<>(List.of("virsh", "-c", URI));
        argv.addAll(List.of(args));
        return runner.run(argv);
    }

    private static String sha256(Path file) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
    }
}
