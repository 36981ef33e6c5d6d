package io.virttune.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.process.FakeSsh;
import io.virttune.process.LocalProcessRunner;
import io.virttune.process.ProcessResult;
import io.virttune.process.ProcessRunner;
import io.virttune.process.ScriptedProcessRunner;
import io.virttune.process.SshProcessRunner;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PrefetchedFileSystemTest {

    /** The fake ssh "host" is this machine: the probe through one snapshot equals the probe reading file by file. */
    @Test
    void theProbeReadsTheHostsProcAndSysInOneCommand(@TempDir Path dir) throws IOException {
        Counting ssh = new Counting(new SshProcessRunner(
                FakeSsh.install(dir).toString(), "hv02", List.of(), dir, new LocalProcessRunner()));

        HostSettings prefetched = new HostProbe(new PrefetchedFileSystem(ssh, "hv02")).probe();
        int commands = ssh.commands.size();
        HostSettings oneByOne = new HostProbe(new RemoteFileSystem(ssh, "hv02")).probe();

        assertEquals(1, commands, ssh.commands.toString());
        assertTrue(
                ssh.commands.size() > 10,
                "read file by file, the same probe takes " + ssh.commands.size() + " commands");
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

    @Test
    void aSnapshotThatFailsLeavesEveryReadToBeMadeAlone() {
        // The snapshot exits 1 at once on a host without base64.
        ScriptedProcessRunner ssh = new ScriptedProcessRunner().fail(1, "").succeed("ro\n");

        assertEquals(Optional.of("ro\n"), new PrefetchedFileSystem(ssh, "hv02").read("proc/cmdline"));
    }

    private static String base64(String text) {
        return Base64.getEncoder().encodeToString(text.getBytes(StandardCharsets.UTF_8));
    }

    /** A runner that remembers each command it passes on. */
    private static final class Counting implements ProcessRunner {
        final List<List<String>> commands = new ArrayList<>();
        private final ProcessRunner inner;

        Counting(ProcessRunner inner) {
            this.inner = inner;
        }

        @Override
        public ProcessResult run(List<String> argv, Duration limit) {
            commands.add(argv);
            return inner.run(argv, limit);
        }

        @Override
        public ProcessResult run(List<String> argv, Consumer<String> stdoutLines) {
            commands.add(argv);
            return inner.run(argv, stdoutLines);
        }

        @Override
        public ProcessResult feed(List<String> argv, String input, Consumer<String> stderrLines) {
            commands.add(argv);
            return inner.feed(argv, input, stderrLines);
        }
    }
}
