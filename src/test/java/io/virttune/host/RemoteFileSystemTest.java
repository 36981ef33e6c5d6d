package io.virttune.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.VirtTuneException;
import io.virttune.process.FakeSsh;
import io.virttune.process.LocalProcessRunner;
import io.virttune.process.ScriptedProcessRunner;
import io.virttune.process.SshProcessRunner;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RemoteFileSystemTest {

    @Test
    void readsListsAndTestsFilesOnTheHostThroughSsh(@TempDir Path dir) throws IOException {
        Path host = Files.createDirectories(dir.resolve("host's root/sys/block"));
        Files.writeString(host.resolve("it's $(x)"), "mq-deadline\n");
        Files.createDirectory(host.resolve("vda"));
        RemoteFileSystem files = new RemoteFileSystem(overFakeSsh(dir), "hv02");
        String block = host.toString().substring(1);

        assertEquals(Optional.of("mq-deadline\n"), files.read(block + "/it's $(x)"));
        assertEquals(Optional.empty(), files.read(block + "/missing"));
        assertEquals(List.of("it's $(x)", "vda"), files.list(block));
        assertEquals(List.of(), files.list(block + "/missing"));
        assertTrue(files.exists(block + "/vda"));
        assertFalse(files.exists(block + "/missing"));
        assertEquals(host + "/vda on hv02", files.describe(block + "/vda"));
    }

    @Test
    void aFileTheHostCannotReadIsAnErrorNamingHostAndFile() {
        ScriptedProcessRunner ssh = new ScriptedProcessRunner().fail(1, "cat: /proc/meminfo: Permission denied");
        VirtTuneException e =
                assertThrows(VirtTuneException.class, () -> new RemoteFileSystem(ssh, "hv02").read("proc/meminfo"));
        assertEquals(
                "Cannot read /proc/meminfo on hv02: 'cat -- /proc/meminfo' exited with 1:"
                        + " cat: /proc/meminfo: Permission denied",
                e.getMessage());
    }

    @Test
    void theProbeReadsTheRemoteHostsProcAndSys(@TempDir Path dir) throws IOException {
        // The fake ssh "host" is this machine, so its probe through ssh equals the local one.
        HostSettings remote = new HostProbe(new RemoteFileSystem(overFakeSsh(dir), "localhost")).probe();
        HostSettings local = new HostProbe(Path.of("/")).probe();
        assertEquals(local.memTotalKiB(), remote.memTotalKiB());
        assertEquals(local.kernelCommandLine(), remote.kernelCommandLine());
        assertEquals(
                local.blockDevices().stream().map(BlockDevice::name).toList(),
                remote.blockDevices().stream().map(BlockDevice::name).toList());
    }

    private static SshProcessRunner overFakeSsh(Path dir) throws IOException {
        return new SshProcessRunner(FakeSsh.install(dir).toString(), "hv02", List.of(), dir, new LocalProcessRunner());
    }
}
