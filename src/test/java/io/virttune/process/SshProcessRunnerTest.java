package io.virttune.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.ExitCode;
import io.virttune.VirtTuneException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SshProcessRunnerTest {
    private static final Path SOCKETS = Path.of("/run/user/1000/virt-tune-ssh");
    /** Words a domain, an image or a volume could be named, each a shell injection if unquoted. */
    private static final List<String> HOSTILE = List.of(
            "it's",
            "$(touch /tmp/pwned)",
            "`id`",
            "a b",
            "semi;colon",
            "x && y",
            "new\nline",
            "*",
            "",
            "-rf",
            "back\\slash",
            "\"dq\"");

    @Test
    void runsTheArgvThroughBatchModeSshWithASharedConnection() {
        ScriptedProcessRunner local = new ScriptedProcessRunner().succeed("{}");
        SshProcessRunner ssh = new SshProcessRunner("ssh", "root@hv02", List.of("-p", "2222"), SOCKETS, local);

        ProcessResult result = ssh.run(List.of("lvm", "vgs", "--reportformat", "json"));

        assertEquals(
                List.of(List.of(
                        "ssh",
                        "-o",
                        "BatchMode=yes",
                        "-o",
                        "ControlMaster=auto",
                        "-o",
                        "ControlPath=/run/user/1000/virt-tune-ssh/%C",
                        "-o",
                        "ControlPersist=60",
                        "-o",
                        "ServerAliveInterval=10",
                        "-o",
                        "ServerAliveCountMax=3",
                        "-p",
                        "2222",
                        "root@hv02",
                        "--",
                        "LC_ALL=C lvm vgs --reportformat json")),
                local.commands());
        assertEquals(
                List.of("lvm", "vgs", "--reportformat", "json"), result.argv(), "errors name the command asked for");
        assertEquals("{}", result.stdout());
    }

    @Test
    void givesTheRemoteCommandItsInputThroughTheSameConnection() {
        ScriptedProcessRunner local = new ScriptedProcessRunner().succeed("done\n");
        SshProcessRunner ssh = new SshProcessRunner("ssh", "hv02", List.of(), SOCKETS, local);

        ProcessResult result =
                ssh.feed(List.of("virt-tune", "apply", "/dev/stdin"), "{\"schema\": \"virt-tune/plan\"}");

        assertEquals(List.of("virt-tune", "apply", "/dev/stdin"), result.argv());
        assertEquals(
                ssh.sshArgv(List.of("virt-tune", "apply", "/dev/stdin")),
                local.commands().get(0));
        assertEquals("{\"schema\": \"virt-tune/plan\"}", local.inputs().get(0));
    }

    @Test
    void neverAcceptsAnUnknownHostKeyOrAsksForAPassword() {
        List<String> argv = new SshProcessRunner("ssh", "hv02", List.of(), SOCKETS, new ScriptedProcessRunner())
                .sshArgv(List.of("true"));
        assertTrue(argv.contains("BatchMode=yes"));
        assertTrue(argv.stream().noneMatch(word -> word.contains("StrictHostKeyChecking")), argv.toString());
    }

    @Test
    void aHostThatStopsAnsweringFailsItsCommandsWithinHalfAMinute() {
        List<String> argv = new SshProcessRunner("ssh", "hv02", List.of(), SOCKETS, new ScriptedProcessRunner())
                .sshArgv(List.of("true"));
        // Without keepalives a host cut off mid-run holds its command until TCP gives up, many minutes later.
        assertTrue(argv.containsAll(List.of("ServerAliveInterval=10", "ServerAliveCountMax=3")), argv.toString());
    }

    /** A keepalive on ssh's command line would override the one the operator's configuration sets for the host. */
    @Test
    void aKeepaliveTheOperatorsConfigurationSetsIsKept() {
        ScriptedProcessRunner local = new ScriptedProcessRunner()
                .sshConfiguration("user root\nhostname 10.77.0.11\nserveraliveinterval 2\nserveralivecountmax 3\n");
        SshProcessRunner ssh = new SshProcessRunner("ssh", "hv1", List.of("-p", "2222"), SOCKETS, local);

        List<String> argv = ssh.sshArgv(List.of("true"));
        ssh.sshArgv(List.of("true"));

        assertTrue(argv.stream().noneMatch(word -> word.startsWith("ServerAlive")), argv.toString());
        assertEquals(List.of(List.of("ssh", "-G", "-p", "2222", "hv1")), local.sshConfigurationQueries(), "asked once");
    }

    @Test
    void quotesEachWordForTheRemoteShell() {
        assertEquals(
                "cat -- '/var/lib/it'\\''s here.qcow2' '$(reboot)' ''",
                SshProcessRunner.remoteCommandLine(List.of("cat", "--", "/var/lib/it's here.qcow2", "$(reboot)", "")));
    }

    @ParameterizedTest
    @ValueSource(strings = {"-oProxyCommand=touch /tmp/x", "-v", "a b", "h;reboot", "h\nx", "", "$(id)"})
    void refusesAHostNameSshWouldReadAsAnOptionOrSeveralWords(String destination) {
        VirtTuneException e = assertThrows(
                VirtTuneException.class,
                () -> new SshProcessRunner("ssh", destination, List.of(), SOCKETS, new ScriptedProcessRunner()));
        assertEquals(ExitCode.USAGE, e.exitCode());
    }

    @Test
    void sshsOwnFailureSaysWhichHost() {
        ScriptedProcessRunner local =
                new ScriptedProcessRunner().fail(255, "ssh: connect to host hv09 port 22: No route to host");
        ProcessResult result =
                new SshProcessRunner("ssh", "hv09", List.of(), SOCKETS, local).run(List.of("lvm", "vgs"));
        assertEquals(255, result.exitCode());
        assertEquals("ssh to hv09: ssh: connect to host hv09 port 22: No route to host", result.stderr());
    }

    /** A fake ssh that runs the remote line with sh on this machine: hostile words must arrive whole. */
    @Test
    void hostileWordsArriveOnTheRemoteSideAsTheyWereGiven(@TempDir Path dir) throws IOException {
        Path fakeSsh = FakeSsh.install(dir);
        SshProcessRunner ssh =
                new SshProcessRunner(fakeSsh.toString(), "hv02", List.of(), dir, new LocalProcessRunner());
        List<String> argv = new java.util.ArrayList<>(List.of("printf", "%s|"));
        argv.addAll(HOSTILE);

        ProcessResult result = ssh.run(argv).requireSuccess();

        assertEquals(String.join("|", HOSTILE) + "|", result.stdout());
        assertTrue(Files.readString(dir.resolve("ssh-argv")).contains("hv02\n--\n"), "the fake was the one run");
        assertTrue(Files.notExists(Path.of("/tmp/pwned")));
    }

    /** What the limit stops is the local ssh; the error names the command asked for and the host. */
    @Test
    void aRemoteCommandPastItsLimitIsStoppedSayingWhichAndOnWhichHost(@TempDir Path dir) throws IOException {
        SshProcessRunner ssh =
                new SshProcessRunner(FakeSsh.install(dir).toString(), "hv02", List.of(), dir, new LocalProcessRunner());

        CommandTimedOut stopped = assertTimeoutPreemptively(
                Duration.ofSeconds(60),
                () -> assertThrows(
                        CommandTimedOut.class, () -> ssh.run(List.of("sleep", "300"), Duration.ofSeconds(1))));

        assertEquals(
                "'sleep 300' on hv02 did not end within 1 s, so virt-tune stopped it and every command it started",
                stopped.getMessage());
    }
}
