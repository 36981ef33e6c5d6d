package io.virttune.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.VirtTuneException;
import io.virttune.process.CountingProcessRunner;
import io.virttune.process.FakeSsh;
import io.virttune.process.LocalProcessRunner;
import io.virttune.process.ScriptedProcessRunner;
import io.virttune.process.SshProcessRunner;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PrefetchedFileSystemTest {

    /** The fake ssh "host" is this machine: the probe through one snapshot equals the probe reading file by file. */
    @Test
    void theProbeReadsTheHostsProcAndSysInOneCommand(@TempDir Path dir) throws IOException {
        CountingProcessRunner ssh = new CountingProcessRunner(new SshProcessRunner(
                FakeSsh.install(dir).toString(), "hv02", List.of(), dir, new LocalProcessRunner()));

        HostSettings prefetched = new HostProbe(new PrefetchedFileSystem(ssh, "hv02")).probe();
        int commands = ssh.commands().size();
        HostSettings oneByOne = new HostProbe(new RemoteFileSystem(ssh, "hv02")).probe();

        assertEquals(1, commands, ssh.commands().toString());
        assertTrue(
                ssh.commands().size() > 10,
                "read file by file, the same probe takes " + ssh.commands().size() + " commands");
        assertEquals(oneByOne.kernelCommandLine(), prefetched.kernelCommandLine());
        assertEquals(oneByOne.memTotalKiB(), prefetched.memTotalKiB());
        assertEquals(oneByOne.blockDevices(), prefetched.blockDevices());
        assertEquals(oneByOne.hugepagePools().size(), prefetched.hugepagePools().size());
    }

    @Test
    void aFileTheSnapshotCouldNotReadOrDoesNotCoverIsReadAlone() {
        ScriptedProcessRunner ssh = new ScriptedProcessRunner()
                .succeed("yes\n")
                .succeed("F /proc/cmdline " + base64("ro quiet\n") + "\nF /proc/meminfo !\nD /sys/block "
                        + base64("vda\nsda\n") + "\nD /sys/kernel/mm/hugepages !\n")
                .succeed("MemTotal: 1024 kB\n")
                .succeed("net.core.somaxconn = 4096\n")
                .succeed("hugepages-2048kB\n");
        PrefetchedFileSystem files = new PrefetchedFileSystem(ssh, "hv02");

        assertTrue(files.exists("var/lib/libvirt/images/web.qcow2"), "a path it does not cover takes no snapshot");
        assertEquals(Optional.of("ro quiet\n"), files.read("proc/cmdline"));
        assertEquals(List.of("sda", "vda"), files.list("sys/block"));
        assertEquals(Optional.empty(), files.read("sys/block/vda/queue/scheduler"), "covered and absent: no such file");
        assertFalse(files.exists("sys/block/vda/size"));
        assertEquals(
                Optional.of("MemTotal: 1024 kB\n"),
                files.read("proc/meminfo"),
                "unreadable in the snapshot: read alone");
        assertEquals(
                Optional.of("net.core.somaxconn = 4096\n"), files.read("etc/sysctl.conf"), "not covered: read alone");
        assertEquals(
                List.of("hugepages-2048kB"),
                files.list("sys/kernel/mm/hugepages"),
                "unlistable in the snapshot: listed alone");
        assertTrue(files.exists("sys/kernel/mm/hugepages"));
        assertEquals(
                List.of(
                        List.of("cat", "--", "/proc/meminfo"),
                        List.of("cat", "--", "/etc/sysctl.conf"),
                        List.of("ls", "-1A", "--", "/sys/kernel/mm/hugepages")),
                ssh.commands().subList(2, 5));
    }

    /** As a user other than root sees virt-tune's state: each domain's directory is root's alone. */
    @Test
    void aFileInADirectoryTheSnapshotCouldNotListIsReadAloneAndSaysWhy() {
        ScriptedProcessRunner ssh = new ScriptedProcessRunner()
                .succeed("F /state/domains/u2/journal.json " + base64("{}") + "\nD /state/domains "
                        + base64("u1\nu2\n") + "\nD /state/domains/u1 !\nD /state/domains/u2 "
                        + base64("journal.json\n") + "\n")
                .fail(1, "cat: /state/domains/u1/journal.json: Permission denied\n");
        HostFileSystem files = new PrefetchedFileSystem(ssh, "hv02")
                .prefetched(List.of("state/domains/*/journal.json"), List.of("state/domains", "state/domains/*"));

        assertEquals(List.of("u1", "u2"), files.list("state/domains"));
        assertEquals(Optional.of("{}"), files.read("state/domains/u2/journal.json"));
        assertEquals(Optional.empty(), files.read("state/domains/u3/journal.json"), "a directory it listed: absent");
        VirtTuneException failure =
                assertThrows(VirtTuneException.class, () -> files.read("state/domains/u1/journal.json"));

        assertTrue(failure.getMessage().contains("/state/domains/u1/journal.json on hv02"), failure.getMessage());
        assertTrue(failure.getMessage().endsWith("Permission denied"), failure.getMessage());
        assertEquals(2, ssh.commands().size(), ssh.commands().toString());
    }

    @Test
    void aSnapshotThatFailsLeavesEveryReadToBeMadeAlone() {
        // The snapshot exits 1 at once on a host without base64.
        ScriptedProcessRunner ssh = new ScriptedProcessRunner().fail(1, "").succeed("ro\n");

        assertEquals(Optional.of("ro\n"), new PrefetchedFileSystem(ssh, "hv02").read("proc/cmdline"));
    }

    private static String base64(String text) {
        return Base64.getEncoder().encodeToString(text.getBytes(StandardCharsets.UTF_8));
    }
}
