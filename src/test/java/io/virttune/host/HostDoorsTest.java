package io.virttune.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.ExitCode;
import io.virttune.VirtTuneException;
import io.virttune.process.ScriptedProcessRunner;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which door a libvirt URI opens: its commands and files must be those of the host libvirt is on. */
class HostDoorsTest {
    private final ScriptedProcessRunner local = new ScriptedProcessRunner().succeed("");

    @Test
    void aQemuSshUriOpensAnSshDoorToTheSameDestinationAndPort() {
        HostDoor door = HostDoors.forLibvirtUri("qemu+ssh://root@hv02:2222/system", local);

        assertInstanceOf(SshHostDoor.class, door);
        assertEquals("qemu+ssh://root@hv02:2222/system", door.libvirtUri());
        assertTrue(door.readsImages());
        door.commands().run(List.of("lvm", "vgs"));
        List<String> argv = local.commands().get(0);
        assertEquals(
                List.of("-p", "2222", "root@hv02", "--", "LC_ALL=C lvm vgs"),
                argv.subList(argv.size() - 5, argv.size()));
        assertEquals("ssh", argv.get(0));
    }

    @Test
    void thisMachinesUrisKeepTheLocalDoor() {
        HostDoor system = HostDoors.forLibvirtUri("qemu:///system", local);
        assertInstanceOf(LocalHostDoor.class, system);
        assertTrue(system.readsImages());
        HostDoor testDriver = HostDoors.forLibvirtUri("test:///default", local);
        assertEquals(false, testDriver.readsImages(), "the test driver's image paths are fictional");
    }

    @Test
    void aDestinationSshWouldReadAsAnOptionIsRefused() {
        VirtTuneException e = assertThrows(
                VirtTuneException.class,
                () -> HostDoors.forLibvirtUri("qemu+ssh://-oProxyCommand=reboot/system", local));
        assertEquals(ExitCode.USAGE, e.exitCode());
    }

    @Test
    void theDoorOfACommandThatChangesTheHostIsThisMachinesOnly() {
        // The door opens the connection to ask libvirt where it went: the test driver opens here, without a daemon.
        HostDoor local = HostDoors.thisMachine("test:///default", "apply");
        assertInstanceOf(LocalHostDoor.class, local, "a URI naming this machine keeps its commands here, not over ssh");
        assertEquals("test:///default", local.libvirtUri());

        VirtTuneException e = assertThrows(
                VirtTuneException.class, () -> HostDoors.thisMachine("qemu+ssh://root@hv02/system", "rollback"));
        assertEquals(ExitCode.REFUSED, e.exitCode());
        assertTrue(e.getMessage().contains("virt-tune rollback acts only on the host it runs on"), e.getMessage());
    }
}
