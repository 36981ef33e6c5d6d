package io.virttune.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.virttune.ExitCode;
import io.virttune.VirtTuneException;
import io.virttune.inspect.HostSnapshot;
import io.virttune.process.ScriptedProcessRunner;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class FleetDoorsTest {
    private final ScriptedProcessRunner local = new ScriptedProcessRunner();
    private final FleetDoors doors = new FleetDoors("ssh", Path.of("/sockets"), local);

    @Test
    void anInventoryHostIsReachedOverSshAtItsAddressUserAndPort() {
        FleetHost hv02 = new FleetHost(
                "hv02", Map.of("ansible_host", "10.0.0.12", "ansible_user", "root", "ansible_port", "2222"));
        local.succeed("").fail(5, "  Failed to find logical volume");

        FleetDoors.Reach reach = doors.reach(hv02);

        assertEquals("qemu+ssh://root@10.0.0.12:2222/system?no_tty=1", reach.libvirtUri());
        assertThrows(VirtTuneException.class, () -> reach.facts().lvm());
        assertEquals(
                List.of(
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
                        "-p",
                        "2222",
                        "root@10.0.0.12",
                        "--"),
                local.commands().get(1).subList(0, 17));
        assertEquals("LC_ALL=C true", local.commands().get(0).get(17), "the connection is opened first");
    }

    /** libvirt's own ssh takes the key from the URI; ssh gets it with the inventory's arguments, after virt-tune's own. */
    @Test
    void theHostsKeyFileAndSshArgumentsReachBothItsSshAndItsLibvirt() {
        FleetHost hv02 = new FleetHost(
                "hv02",
                Map.of(
                        "ansible_host", "10.0.0.12",
                        "ansible_private_key_file", "~/.ssh/kvm ed25519",
                        "ansible_ssh_common_args", "-o ProxyJump=bastion"));
        local.succeed("");

        FleetDoors.Reach reach = doors.reach(hv02);

        assertEquals("qemu+ssh://10.0.0.12/system?no_tty=1&keyfile=~/.ssh/kvm%20ed25519", reach.libvirtUri());
        List<String> argv = local.commands().get(0);
        assertEquals(
                List.of("ServerAliveCountMax=3", "-i", "~/.ssh/kvm ed25519", "-o", "ProxyJump=bastion", "10.0.0.12"),
                argv.subList(argv.indexOf("10.0.0.12") - 5, argv.indexOf("10.0.0.12") + 1));
    }

    @Test
    void imagesOfAnotherLibvirtThanTheHostsAreNotReadThroughItsDoor() {
        FleetHost hv02 = new FleetHost("hv02", Map.of("virt_tune_uri", "test:///srv/recorded/node.xml"));
        local.succeed("");
        assertEquals(Optional.empty(), doors.reach(hv02).facts().image("/var/lib/libvirt/images/a.qcow2", "qcow2"));
        assertEquals(1, local.commands().size(), "only the connection was opened");
    }

    @Test
    void aHostSshCannotReachFailsAsAWhole() {
        local.fail(255, "ssh: connect to host hv09 port 22: No route to host");
        VirtTuneException e = assertThrows(VirtTuneException.class, () -> doors.reach(FleetHost.named("hv09")));
        assertEquals(
                "cannot reach hv09 over ssh (hv09): ssh to hv09: ssh: connect to host hv09 port 22: No route to host"
                        + " (check it with: ssh hv09 true)",
                e.getMessage());
    }

    @Test
    void aRecordedHostIsReadFromItsDirectoryWithTheUriItNames() {
        FleetHost recorded = new FleetHost(
                "hv01", Map.of("virt_tune_uri", "test:///x.xml", "virt_tune_host_facts", "examples/hv01"));
        FleetDoors.Reach reach = doors.reach(recorded);
        assertEquals("test:///x.xml", reach.libvirtUri());
        assertInstanceOf(HostSnapshot.class, reach.facts());

        VirtTuneException e = assertThrows(
                VirtTuneException.class,
                () -> doors.reach(new FleetHost("hv01", Map.of("virt_tune_host_facts", "examples/hv01"))));
        assertEquals(ExitCode.USAGE, e.exitCode());
    }
}
