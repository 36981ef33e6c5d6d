package io.virttune.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.ExitCode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Real commands on this machine: what the runner starts must not outlive virt-tune. */
class LocalProcessRunnerTest {
    @TempDir
    Path temp;

    @Test
    void runsACommandAndReportsItsOutputAndExitCode() {
        ProcessResult result = new LocalProcessRunner().run(List.of("sh", "-c", "echo out; echo err >&2; exit 3"));

        assertEquals(List.of("sh", "-c", "echo out; echo err >&2; exit 3"), result.argv());
        assertEquals(3, result.exitCode());
        assertEquals("out\n", result.stdout());
        assertEquals("err\n", result.stderr());
    }

    @Test
    void aCommandGetsItsInputOnStdin() throws Exception {
        String input = "{\"plan\": \"é\"}\n".repeat(10_000);

        ProcessResult result = new LocalProcessRunner().feed(List.of("sha256sum"), input);

        assertEquals(0, result.exitCode(), result.stderr());
        assertEquals(
                java.util.HexFormat.of()
                                .formatHex(java.security.MessageDigest.getInstance("SHA-256")
                                        .digest(input.getBytes(StandardCharsets.UTF_8)))
                        + "  -\n",
                result.stdout());
    }

    @Test
    void aCommandThatReadsNoneOfALargeInputDoesNotHang() {
        ProcessResult result =
                new LocalProcessRunner().feed(List.of("sh", "-c", "echo read nothing; exit 3"), "x".repeat(8 << 20));

        assertEquals(3, result.exitCode());
        assertEquals("read nothing\n", result.stdout());
    }

    @Test
    void aMissingProgramIsNotFound() {
        assertEquals(
                ProcessResult.NOT_FOUND,
                new LocalProcessRunner()
                        .run(List.of("no-such-program-virt-tune"))
                        .exitCode());
    }

    /**
     * A command that hangs, as an inventory script waiting on a service does, is stopped at its
     * limit with what it started: the background sleep holds the output pipe open, so the call
     * could not end had only the command itself been killed.
     */
    @Test
    void aCommandPastItsLimitIsStoppedWithEveryCommandItStartedAndTheErrorSaysWhichAndAfterHowLong() throws Exception {
        Path started = temp.resolve("started");
        List<String> argv = startingASleep(started);

        CommandTimedOut stopped = assertTimeoutPreemptively(
                Duration.ofSeconds(60),
                () -> assertThrows(
                        CommandTimedOut.class, () -> new LocalProcessRunner().run(argv, Duration.ofSeconds(1))));

        assertEquals(ExitCode.FAILED, stopped.exitCode());
        assertEquals(
                "'" + String.join(" ", argv) + "' did not end within 1 s, so virt-tune stopped it"
                        + " and every command it started",
                stopped.getMessage());
        assertTrue(gone(Long.parseLong(Files.readString(started).strip())), "the background sleep outlived the limit");
        assertEquals(List.of(), RunningChildren.list());
    }

    @Test
    void aCommandWithinItsLimitGivesItsResult() {
        ProcessResult result =
                new LocalProcessRunner().run(List.of("sh", "-c", "echo out; exit 3"), Duration.ofSeconds(60));

        assertEquals(3, result.exitCode());
        assertEquals("out\n", result.stdout());
    }

    /** Stopped at a limit, lvm could leave a thin pool it was (de)activating refused by LVM. */
    @Test
    void anLvmCommandTakesNoLimit() throws IOException {
        Path lvm = fakeLvm("exit 0");

        assertThrows(
                IllegalArgumentException.class,
                () -> new LocalProcessRunner().run(List.of(lvm.toString(), "lvs"), Duration.ofSeconds(60)));
    }

    /** A limited command has its own process group, so Ctrl-C misses it: virt-tune stopping stops the group. */
    @Test
    void aLimitedCommandIsStoppedWithEveryCommandItStartedWhenVirtTuneStops() throws Exception {
        Path started = temp.resolve("started");
        CompletableFuture<ProcessResult> running = CompletableFuture.supplyAsync(
                () -> new LocalProcessRunner().run(startingASleep(started), Duration.ofSeconds(600)));
        awaitChild();
        awaitFile(started);

        RunningChildren.stopAll(Duration.ofSeconds(5));

        assertEquals(143, running.get(60, TimeUnit.SECONDS).exitCode(), "stopped with SIGTERM");
        assertTrue(gone(Long.parseLong(Files.readString(started).strip())), "the background sleep outlived virt-tune");
    }

    @Test
    void tellsWhichChildrenRunAndStopsThem() throws Exception {
        CompletableFuture<ProcessResult> sleeping =
                CompletableFuture.supplyAsync(() -> new LocalProcessRunner().run(List.of("sleep", "300")));
        RunningChildren.Child child = awaitChild();
        assertEquals(List.of("sleep", "300"), child.argv());
        assertTrue(alive(child.pid()));

        RunningChildren.stopAll(Duration.ofSeconds(5));

        assertEquals(143, sleeping.get(60, TimeUnit.SECONDS).exitCode(), "stopped with SIGTERM");
        assertEquals(List.of(), RunningChildren.list());
    }

    /**
     * Process.destroy() closes the child's pipes as it signals: a command stopping cleanly then lost
     * its last output, and its runner failed with "Stream closed" instead of returning its exit code.
     */
    @Test
    void aChildStoppedWithSigtermIsHeardToItsEndAndItsExitCodeReturned() throws Exception {
        CompletableFuture<ProcessResult> stopping = CompletableFuture.supplyAsync(
                () -> new LocalProcessRunner()
                        .run(
                                List.of(
                                        "sh",
                                        "-c",
                                        "trap 'sleep 0.2; echo stopped cleanly; exit 143' TERM; echo started; while :; do sleep 0.05; done")));
        awaitChild();
        Thread.sleep(300);

        RunningChildren.stopAll(Duration.ofSeconds(10));

        ProcessResult result = stopping.get(60, TimeUnit.SECONDS);
        assertEquals(143, result.exitCode());
        assertEquals("started\nstopped cleanly\n", result.stdout());
    }

    @Test
    void aChildDiesWhenItsJvmIsKilled() throws Exception {
        Process jvm = RunnerInChildJvm.start(List.of("sleep", "300"));
        long child = childPid(jvm);
        assertTrue(alive(child));

        jvm.destroyForcibly();
        assertTrue(jvm.waitFor(60, TimeUnit.SECONDS));

        assertTrue(gone(child), "sleep " + child + " outlived the SIGKILLed JVM");
    }

    @Test
    void aChildIsAskedToStopWhenItsJvmIsTerminated() throws Exception {
        Path stopped = temp.resolve("stopped");
        Path trapped = temp.resolve("trapped");
        Process jvm = RunnerInChildJvm.start(List.of(
                "sh",
                "-c",
                "trap 'echo TERM > " + stopped + "; exit 143' TERM; touch " + trapped
                        + "; while :; do sleep 0.05; done"));
        long child = childPid(jvm);
        // Its pid is known once it is started, before sh has set its trap: a SIGTERM then ends it as a SIGKILL would.
        awaitFile(trapped);
        assertTrue(Files.exists(trapped), "sh " + child + " never set its trap");

        jvm.destroy();
        assertTrue(jvm.waitFor(60, TimeUnit.SECONDS));

        assertTrue(gone(child), "sh " + child + " outlived the terminated JVM");
        assertTrue(Files.exists(stopped), "the child got SIGKILL, not the SIGTERM that lets it stop cleanly");
    }

    /**
     * Work whose command a SIGTERM stopped goes on to its next command while the JVM exits and its
     * cleanups run: that command must not start, as the JVM's end would kill it half-done; the
     * cleanup's own commands (a snapshot's release through dmsetup) do.
     */
    @Test
    void noCommandButACleanupsStartsOnceVirtTuneIsStopping() throws Exception {
        Path trapped = temp.resolve("trapped");
        Path secondRan = temp.resolve("second-ran");
        Path cleanupRan = temp.resolve("cleanup-ran");
        Process jvm = RestarterInChildJvm.start(List.of(
                "sh",
                "-c",
                "trap 'exit 143' TERM; touch " + trapped + "; while :; do sleep 0.05; done",
                "--then",
                "sh",
                "-c",
                "touch " + secondRan,
                "--cleanup",
                "touch",
                cleanupRan.toString()));
        awaitFile(trapped);
        assertTrue(Files.exists(trapped), "the first command never started");

        // Through its handle: Process.destroy() would close the pipe its last words come on.
        jvm.toHandle().destroy();
        String output = new String(jvm.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(jvm.waitFor(60, TimeUnit.SECONDS));

        assertTrue(!Files.exists(secondRan), "a command started after virt-tune was told to stop: " + output);
        assertTrue(output.contains("second: 143 not started: virt-tune is stopping"), output);
        assertTrue(Files.exists(cleanupRan), "the cleanup's command was not started: " + output);
    }

    /**
     * An lvm interrupted while it (de)activates a thin pool can leave the pool's metadata LV active
     * on its own, and LVM then refuses the pool: a Ctrl-C (SIGINT to the terminal's foreground
     * process group) must not reach it, and virt-tune stopping lets it end.
     */
    @Test
    void anLvmCommandRunsInItsOwnSessionAndIsLetEndWhenVirtTuneStops() throws Exception {
        Path ended = temp.resolve("ended");
        Path lvm = fakeLvm("trap 'echo TERM > " + temp.resolve("signalled") + "' TERM; touch " + temp.resolve("started")
                + "; sleep 1; echo ended > " + ended);
        CompletableFuture<ProcessResult> running =
                CompletableFuture.supplyAsync(() -> new LocalProcessRunner().run(List.of(lvm.toString())));
        RunningChildren.Child child = awaitChild();
        // Listed once setsid runs; its own session once the script has started.
        awaitFile(temp.resolve("started"));
        assertTrue(
                !session(child.pid()).equals(session(ProcessHandle.current().pid())),
                "lvm shares the session (and process group) of virt-tune: a Ctrl-C would reach it");

        RunningChildren.stopAll(Duration.ofSeconds(5));

        assertEquals(0, running.get(60, TimeUnit.SECONDS).exitCode());
        assertTrue(Files.exists(ended), "lvm was not let end");
        assertTrue(!Files.exists(temp.resolve("signalled")), "lvm was sent SIGTERM");
    }

    @Test
    void anLvmCommandEndsItsWorkWhenItsJvmIsKilled() throws Exception {
        Path ended = temp.resolve("ended");
        // What it prints after virt-tune is gone meets a pipe with no reader: it must not die of SIGPIPE.
        Process jvm = RunnerInChildJvm.start(List.of(
                fakeLvm("sleep 1; echo 'Logical volume \"lv\" created.'; echo 'WARNING: a warning' >&2; echo ended > "
                                + ended)
                        .toString()));
        long child = childPid(jvm);

        jvm.destroyForcibly();
        assertTrue(jvm.waitFor(60, TimeUnit.SECONDS));

        assertTrue(gone(child), "lvm " + child + " never ended");
        assertTrue(Files.exists(ended), "lvm was killed with its JVM instead of finishing");
    }

    /** A shell that starts a sleep in the background, writes its pid to {@code started}, and waits for it. */
    private static List<String> startingASleep(Path started) {
        return List.of(
                "sh", "-c", "sleep 300 & echo $! > " + started + ".tmp; mv " + started + ".tmp " + started + "; wait");
    }

    private static void awaitFile(Path file) throws InterruptedException {
        for (int i = 0; i < 3000 && !Files.exists(file); i++) {
            Thread.sleep(10);
        }
    }

    /** A script named lvm, which the runner must treat as LVM's tool. */
    private Path fakeLvm(String script) throws IOException {
        Path lvm = temp.resolve("bin").resolve("lvm");
        Files.createDirectories(lvm.getParent());
        Files.writeString(lvm, "#!/bin/sh\n" + script + "\n");
        lvm.toFile().setExecutable(true);
        return lvm;
    }

    /** The session id of a process (field 6 of /proc/PID/stat). */
    private static String session(long pid) throws IOException {
        String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
        return stat.substring(stat.lastIndexOf(')') + 2).split(" ")[3];
    }

    private static RunningChildren.Child awaitChild() throws InterruptedException {
        for (int i = 0; i < 3000 && RunningChildren.list().isEmpty(); i++) {
            Thread.sleep(10);
        }
        return RunningChildren.list().get(0);
    }

    private static long childPid(Process jvm) throws Exception {
        BufferedReader lines = new BufferedReader(new InputStreamReader(jvm.getInputStream(), StandardCharsets.UTF_8));
        String line;
        try {
            line = CompletableFuture.supplyAsync(() -> {
                        try {
                            return lines.readLine();
                        } catch (IOException e) {
                            return e.toString();
                        }
                    })
                    .get(60, TimeUnit.SECONDS);
        } finally {
            if (!jvm.isAlive()) {
                jvm.destroyForcibly();
            }
        }
        assertTrue(line != null && line.startsWith("pid "), "child JVM said: " + line);
        return Long.parseLong(line.substring(4));
    }

    private static boolean alive(long pid) {
        return state(pid).filter(state -> !state.equals("Z")).isPresent();
    }

    /** Gone, or a zombie nobody reaped yet (this machine's init may not reap): either way, not running. */
    private static boolean gone(long pid) throws InterruptedException {
        // Up to 30 s: a loaded machine (the labs beside) can be slow to deliver a parent's death.
        for (int i = 0; i < 3000; i++) {
            if (!alive(pid)) {
                return true;
            }
            Thread.sleep(10);
        }
        return false;
    }

    private static java.util.Optional<String> state(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            return java.util.Optional.of(
                    stat.substring(stat.lastIndexOf(')') + 2).split(" ")[0]);
        } catch (IOException e) {
            return java.util.Optional.empty();
        }
    }
}
