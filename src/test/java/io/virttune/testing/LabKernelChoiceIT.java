package io.virttune.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every way scripts/lab.d/kernel can choose the lab's kernel, on whatever CPU this machine has:
 * the machine's own when it boots in SECCOMP mode, a newer suite's when it panics as Debian 12's
 * does on CPUs with AMX or boots only in ptrace mode, and the machine's ptrace-only kernel when
 * nothing newer can be fetched. The "machine's own" kernel is played here by a kernel that boots
 * in SECCOMP mode (the fetched one), and by stand-ins that panic with the message measured on
 * such a CPU or boot as a ptrace-only kernel does, saying nothing of SECCOMP.
 */
class LabKernelChoiceIT {
    private static final Path SCRIPT = Path.of("scripts/lab.d/kernel");

    @TempDir
    Path temp;

    @Test
    void aMachineKernelThatPanicsGivesWayToTheFetchedOneWithTheReason() throws Exception {
        Path panics = temp.resolve("linux.uml");
        Files.writeString(
                panics,
                "#!/bin/sh\necho 'userspace - ptrace set fp regs failed, errno = 14'\n"
                        + "echo 'Kernel panic - not syncing: Attempted to kill init! exitcode=0x0000000b'\nexit 134\n");
        Files.setPosixFilePermissions(panics, PosixFilePermissions.fromString("rwxr-xr-x"));

        Run run = choose(Map.of("VTLAB_SYSTEM_UML", panics.toString()));

        assertEquals(0, run.exitCode(), run.stderr());
        assertTrue(run.stdout().contains("UML=" + Path.of("build/cache/uml").toAbsolutePath()), run.stdout());
        assertTrue(
                run.stderr()
                        .contains("fetched into build/cache/uml: the machine's " + panics
                                + " does not boot on this CPU (userspace - ptrace set fp regs failed, errno = 14)"),
                run.stderr());
    }

    @Test
    void aMachineKernelThatBootsOnlyInPtraceModeGivesWayToTheFetchedOne() throws Exception {
        Run run = choose(Map.of(
                "VTLAB_SYSTEM_UML",
                ptraceOnly().toString(),
                "VTLAB_SYSTEM_UML_MODULES",
                temp.resolve("modules").toString()));

        assertEquals(0, run.exitCode(), run.stderr());
        assertTrue(run.stdout().contains("UML_SECCOMP=on"), run.stdout());
        assertTrue(
                run.stderr()
                        .contains("fetched into build/cache/uml: the machine's " + ptraceOnly()
                                + " (kernel 6.1.176) runs the lab's processes through ptrace, without SECCOMP mode"),
                run.stderr());
    }

    @Test
    void aMachineKernelInPtraceModeIsTheFallbackWhenNothingNewerCanBeFetched() throws Exception {
        Run run = choose(Map.of(
                "VTLAB_SYSTEM_UML",
                ptraceOnly().toString(),
                "VTLAB_SYSTEM_UML_MODULES",
                temp.resolve("modules").toString(),
                "VTLAB_UML_SUITE",
                "no-such-suite"));

        assertEquals(0, run.exitCode(), run.stderr());
        assertEquals("off", assignments(run.stdout()).get("UML_SECCOMP"), run.stdout());
        assertEquals(ptraceOnly().toString(), assignments(run.stdout()).get("UML"), run.stdout());
        assertTrue(
                run.stderr()
                        .matches("(?s).*it boots on this CPU, in ptrace mode: no newer kernel could be fetched"
                                + " \\(apt-get update .*no-such-suite.*"),
                run.stderr());
    }

    /**
     * A fleet's hosts boot at once, each asking for the kernel, from a cache that knows nothing yet:
     * started a moment apart, some find the choice another is writing.
     */
    @Test
    void choosersAtOnceEachGetTheWholeChoice() throws Exception {
        Path standIn = ptraceOnly();
        Map<String, String> env = Map.of(
                "VTLAB_SYSTEM_UML",
                standIn.toString(),
                "VTLAB_SYSTEM_UML_MODULES",
                temp.resolve("modules").toString());
        List<Path> outputs = new ArrayList<>();
        List<Process> choosers = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            Path out = temp.resolve("choice-" + i);
            outputs.add(out);
            ProcessBuilder builder = new ProcessBuilder(SCRIPT.toString())
                    .redirectOutput(out.toFile())
                    .redirectError(ProcessBuilder.Redirect.DISCARD);
            builder.environment().putAll(env);
            choosers.add(builder.start());
            Thread.sleep(150);
        }

        for (int i = 0; i < choosers.size(); i++) {
            assertEquals(0, choosers.get(i).waitFor(), "chooser " + i);
            Map<String, String> choice = assignments(Files.readString(outputs.get(i)));
            assertEquals(Set.of("UML", "UML_MODULES", "UML_RELEASE", "UML_SECCOMP"), choice.keySet(), "chooser " + i);
        }
    }

    @Test
    void aMachineKernelThatBootsInSeccompModeIsUsedAsItIs() throws Exception {
        Map<String, String> fetched =
                assignments(choose(Map.of("VTLAB_KERNEL", "fetched")).stdout());

        Run run = choose(
                Map.of("VTLAB_SYSTEM_UML", fetched.get("UML"), "VTLAB_SYSTEM_UML_MODULES", fetched.get("UML_MODULES")));

        assertEquals(0, run.exitCode(), run.stderr());
        assertEquals(fetched, assignments(run.stdout()));
        assertTrue(run.stderr().contains("the machine's own: it boots on this CPU"), run.stderr());
    }

    @Test
    void aKernelWhoseProcessesFailInSeccompModeIsProbedAgainInPtraceMode() throws Exception {
        Path kernel = temp.resolve("linux-seccomp-fails.uml");
        Files.createDirectories(temp.resolve("modules/7.2.7/kernel/drivers/md"));
        Files.writeString(
                kernel,
                "#!/bin/sh\ncase \"$*\" in *seccomp=auto*) echo 'Kernel panic - not syncing: seccomp';"
                        + " exit 134;; esac\nfor arg; do case $arg in VTLAB_PROBE=*) echo 7.2.7 > \"${arg#*=}/release\";; esac; done\n");
        Files.setPosixFilePermissions(kernel, PosixFilePermissions.fromString("rwxr-xr-x"));

        Run run = choose(Map.of(
                "VTLAB_KERNEL",
                "system",
                "VTLAB_SYSTEM_UML",
                kernel.toString(),
                "VTLAB_SYSTEM_UML_MODULES",
                temp.resolve("modules").toString()));

        assertEquals(0, run.exitCode(), run.stderr());
        assertEquals("off", assignments(run.stdout()).get("UML_SECCOMP"), run.stdout());
        assertEquals(kernel.toString(), assignments(run.stdout()).get("UML"), run.stdout());
    }

    @Test
    void onlyTheMachinesKernelWhenAskedFailsWithTheReason() throws Exception {
        Run run = choose(Map.of(
                "VTLAB_KERNEL",
                "system",
                "VTLAB_SYSTEM_UML",
                temp.resolve("none").toString()));

        assertEquals(125, run.exitCode());
        assertTrue(run.stderr().contains("is missing (VTLAB_KERNEL=system)"), run.stderr());
    }

    /** A stand-in for Debian 12's kernel: it boots (writes its release where the probe asks) and says nothing of SECCOMP. */
    private Path ptraceOnly() throws IOException {
        Path kernel = temp.resolve("linux-6.1.uml");
        if (!Files.exists(kernel)) {
            Files.createDirectories(temp.resolve("modules/6.1.176/kernel/drivers/md"));
            Files.writeString(
                    kernel,
                    "#!/bin/sh\nfor arg; do case $arg in VTLAB_PROBE=*) echo 6.1.176 > \"${arg#*=}/release\";;"
                            + " esac; done\necho 'Checking that ptrace can change system call numbers...OK'\n");
            Files.setPosixFilePermissions(kernel, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        return kernel;
    }

    private record Run(int exitCode, String stdout, String stderr) {}

    private Run choose(Map<String, String> env) throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(SCRIPT.toString());
        builder.environment().putAll(env);
        Path out = temp.resolve("out");
        Path err = temp.resolve("err");
        Process process =
                builder.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        int exitCode = process.waitFor();
        return new Run(exitCode, Files.readString(out), Files.readString(err));
    }

    private static Map<String, String> assignments(String stdout) {
        return stdout.lines()
                .filter(line -> line.contains("="))
                .collect(Collectors.toMap(
                        line -> line.substring(0, line.indexOf('=')), line -> line.substring(line.indexOf('=') + 1)));
    }
}
