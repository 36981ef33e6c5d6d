package io.virttune.apply;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.apply.custody.DiskCustody;
import io.virttune.apply.journal.DomainJournal;
import io.virttune.apply.journal.DomainJournal.Status;
import io.virttune.apply.journal.StateDirectory;
import io.virttune.apply.ports.ApplyPorts;
import io.virttune.apply.ports.DomainResult;
import io.virttune.apply.undo.Cleanup;
import io.virttune.process.LocalProcessRunner;
import io.virttune.process.ProcessResult;
import io.virttune.process.ProcessRunner;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Cleanup against the real libvirtd on qemu:///system (scripts/libvirtd.sh starts it): another
 * domain names web01's old image only as a volume of a storage pool, which libvirt resolves.
 */
class CleanupLibvirtdIT {
    private static final String URI = "qemu:///system";

    private final ProcessRunner runner = new LocalProcessRunner();
    private final String prefix = "vt-it-" + UUID.randomUUID().toString().substring(0, 8) + "-";
    private final List<String> defined = new ArrayList<>();
    private String pool;

    @TempDir
    Path temp;

    @AfterEach
    void undefine() {
        defined.forEach(name -> virsh("undefine", name));
        if (pool != null) {
            virsh("pool-destroy", pool);
        }
    }

    @Test
    void keepsAnImageAnotherDomainUsesAsAPoolVolumeAndOneWhoseLvIsGone() throws Exception {
        Path images = Files.createDirectories(temp.resolve("images"));
        Path image = images.resolve("web01.qcow2");
        runner.run(List.of("qemu-img", "create", "-q", "-f", "qcow2", image.toString(), "64M"))
                .requireSuccess();
        pool = prefix + "pool";
        virsh("pool-create-as", pool, "dir", "--target", images.toString()).requireSuccess();
        // web01 runs on the LV it was migrated to, which someone removed behind virt-tune's back.
        define(
                prefix + "web01",
                "<disk type='block' device='disk'><driver name='qemu' type='raw'/>"
                        + "<source dev='/dev/vt-it-vg/web01-vda'/><target dev='vda' bus='virtio'/></disk>");
        define(
                prefix + "other",
                "<disk type='volume' device='disk'><driver name='qemu' type='qcow2'/>" + "<source pool='" + pool
                        + "' volume='web01.qcow2'/><target dev='vdb' bus='virtio'/></disk>");
        String uuid =
                virsh("domuuid", prefix + "web01").requireSuccess().stdout().strip();
        StateDirectory state = new StateDirectory(temp.resolve("state"));
        state.save(new DomainJournal(
                prefix + "web01",
                uuid,
                "2026-12-01T08:00:00Z",
                "fp",
                "digest",
                Status.COMPLETED,
                "backup.xml",
                List.of(image.toString()),
                List.of("vt-it-vg/web01-vda"),
                Map.of(),
                List.of(),
                null,
                List.of(),
                List.of(new DiskCustody(image.toString(), "vt-it-vg/web01-vda", true, null))));

        StringWriter out = new StringWriter();
        DomainResult kept = cleanup(state, out);
        assertTrue(Files.exists(image), "deleted an image a pool volume names: " + out);
        assertEquals("0 source image(s) removed, 1 kept", kept.detail(), out.toString());
        assertTrue(
                out.toString()
                        .contains("[custody: in-use] cleanup would remove " + image + ", which the definition of "
                                + prefix + "other names"),
                out.toString());

        virsh("undefine", prefix + "other").requireSuccess();
        defined.remove(prefix + "other");
        StringWriter again = new StringWriter();
        DomainResult stillKept = cleanup(state, again);
        assertEquals("0 source image(s) removed, 1 kept", stillKept.detail(), again.toString());
        assertTrue(again.toString().contains("[custody: last-copy]"), again.toString());
        assertTrue(Files.exists(image), "deleted the only copy of web01's disk: " + again);
    }

    private DomainResult cleanup(StateDirectory state, StringWriter out) {
        ApplyPorts ports = ApplyPorts.forHost(
                io.virttune.host.HostDoors.thisMachine(URI, "cleanup"), state.root(), true, line -> {});
        return new Cleanup(ports, new PrintWriter(out, true)).run(prefix + "web01");
    }

    private void define(String name, String disks) throws Exception {
        Path xml = Files.writeString(
                temp.resolve(name + ".xml"),
                "<domain type='qemu'><name>" + name + "</name>"
                        + "<memory unit='MiB'>64</memory><os><type arch='x86_64'>hvm</type></os><devices>" + disks
                        + "</devices></domain>");
        virsh("define", xml.toString()).requireSuccess();
        defined.add(name);
    }

    private ProcessResult virsh(String... args) {
        List<String> argv = new ArrayList<>(List.of("virsh", "-c", URI));
        argv.addAll(List.of(args));
        return runner.run(argv);
    }
}
