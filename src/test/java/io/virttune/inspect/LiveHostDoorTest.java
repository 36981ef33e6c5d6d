package io.virttune.inspect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.VirtTuneException;
import io.virttune.host.SshHostDoor;
import io.virttune.process.ProcessIdentity;
import io.virttune.process.ScriptedProcessRunner;
import io.virttune.process.SshProcessRunner;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** A live host read through an SSH door: every command runs on that host, none on this machine. */
class LiveHostDoorTest {
    private static final Path EXAMPLE_LVM = Path.of("examples/hv01/lvm");
    private static final List<String> SSH = List.of(
            "ssh",
            "-o",
            "BatchMode=yes",
            "-o",
            "ControlMaster=auto",
            "-o",
            "ControlPath=/sockets/%C",
            "-o",
            "ControlPersist=60",
            "-o",
            "ServerAliveInterval=10",
            "-o",
            "ServerAliveCountMax=3",
            "hv02",
            "--");

    private static LiveHost overSsh(ScriptedProcessRunner local) {
        SshProcessRunner runner = new SshProcessRunner("ssh", "hv02", List.of(), Path.of("/sockets"), local);
        return new LiveHost(new SshHostDoor("hv02", runner, SshHostDoor.systemUri("hv02", OptionalInt.empty()), true));
    }

    @Test
    void readsLvmOnTheHostTheDoorReaches() throws IOException {
        ScriptedProcessRunner local = new ScriptedProcessRunner()
                .succeed(Files.readString(EXAMPLE_LVM.resolve("vgs.json")))
                .succeed(Files.readString(EXAMPLE_LVM.resolve("lvs.json")))
                .succeed(Files.readString(EXAMPLE_LVM.resolve("pvs.json")));

        assertEquals(
                new HostSnapshot(Path.of("examples/hv01")).lvm(), overSsh(local).lvm());

        assertEquals(3, local.commands().size());
        for (List<String> command : local.commands()) {
            assertEquals(SSH, command.subList(0, SSH.size()), command.toString());
            assertTrue(command.get(SSH.size()).startsWith("LC_ALL=C lvm "), command.toString());
        }
    }

    @Test
    void whetherAProcessRunsIsAskedOfTheHostTheDoorReaches() {
        String stat = "4242 (virt-tune) S 1 4242 4242 0 -1 0 0 0 0 0 0 0 0 0 20 0 1 0 777 0 0\n";
        ScriptedProcessRunner local = new ScriptedProcessRunner()
                .succeed(stat)
                .succeed(stat)
                .fail(1, "cat: /proc/4243/stat: No such file or directory");

        assertEquals(Optional.of(true), overSsh(local).runs(ProcessIdentity.of(4242, 777)));
        // The host gave pid 4242 to another process since: its start time is not the record's.
        assertEquals(Optional.of(false), overSsh(local).runs(ProcessIdentity.of(4242, 776)));
        assertEquals(Optional.of(false), overSsh(local).runs(ProcessIdentity.of(4243, 777)));

        assertEquals(
                List.of("LC_ALL=C cat -- /proc/4243/stat"),
                local.commands().get(2).subList(SSH.size(), SSH.size() + 1));
    }

    /** The replies to {@code test -e} and {@code qemu-img info} of the recorded sparse image. */
    private static ScriptedProcessRunner imageReplies() throws IOException {
        return new ScriptedProcessRunner()
                .succeed("")
                .succeed(Files.readString(Path.of("src/test/resources/io/virttune/qemu/info-sparse.json")));
    }

    @Test
    void readsImagesWithTheHostsQemuImg() throws IOException {
        ScriptedProcessRunner local = imageReplies();

        ImageFacts image = overSsh(local)
                .image("/var/lib/libvirt/images/web 1.qcow2", "qcow2")
                .orElseThrow();

        assertEquals("qcow2", image.format());
        assertEquals(
                "LC_ALL=C test -e '/var/lib/libvirt/images/web 1.qcow2'",
                local.commands().get(0).get(SSH.size()));
        assertEquals(
                "LC_ALL=C qemu-img info --output=json --backing-chain -U -f qcow2 '/var/lib/libvirt/images/web 1.qcow2'",
                local.commands().get(1).get(SSH.size()));
        // What apply reads: metadata only, no map.
        assertEquals(2, local.commands().size());
        assertTrue(image.thinFootprint().isEmpty());
    }

    @Test
    void inspectMapsAnImageOnceAsTheGuestSeesItWithForceShare() throws IOException {
        ScriptedProcessRunner local = imageReplies()
                .succeed(Files.readString(Path.of("src/test/resources/io/virttune/qemu/map-sparse.json")));

        ImageFacts image = overSsh(local)
                .mappedImage("/var/lib/libvirt/images/web 1.qcow2", "qcow2")
                .orElseThrow();

        // One map of the top image (through its backing files and data file), and no other qemu-img run.
        assertEquals(3, local.commands().size());
        assertEquals(
                "LC_ALL=C qemu-img map --output=json -U -f qcow2 '/var/lib/libvirt/images/web 1.qcow2'",
                local.commands().get(2).get(SSH.size()));
        // 4 MiB at 0 and 1 MiB at 512 MiB: two 4 MiB chunks, 5 MiB of 64 KiB ones.
        assertEquals(8L << 20, image.thinFootprint().orElseThrow().provisionedBytes(4L << 20));
        assertEquals(5L << 20, image.thinFootprint().orElseThrow().provisionedBytes(64L << 10));
    }

    @Test
    void aMissingImageIsNamedWithItsHost() {
        ScriptedProcessRunner local = new ScriptedProcessRunner().fail(1, "");
        VirtTuneException e = assertThrows(
                VirtTuneException.class, () -> overSsh(local).image("/var/lib/libvirt/images/gone.qcow2", "qcow2"));
        assertEquals("image /var/lib/libvirt/images/gone.qcow2 on hv02 does not exist", e.getMessage());
    }

    @Test
    void libvirtIsReachedOverSshToTheSameHost() {
        assertEquals("qemu+ssh://root@hv02/system?no_tty=1", SshHostDoor.systemUri("root@hv02", OptionalInt.empty()));
        assertEquals("qemu+ssh://hv02:2222/system?no_tty=1", SshHostDoor.systemUri("hv02", OptionalInt.of(2222)));
    }
}
