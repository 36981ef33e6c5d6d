package io.virttune.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.virttune.ExitCode;
import io.virttune.VirtTuneException;
import io.virttune.process.LocalProcessRunner;
import io.virttune.process.ProcessResult;
import io.virttune.process.ProcessRunner;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An ansible-inventory that never ends, a stand-in script run for real, is stopped at the limit. */
class InventoryFileLimitTest {
    @TempDir
    Path directory;

    @Test
    void aHangingInventoryIsStoppedAtTheLimitSayingWhichAndWhatToDo() throws IOException {
        Path inventory = directory.resolve("cloud.yml");
        ProcessRunner hanging = runningInstead(hangingScript());

        VirtTuneException refused = assertTimeoutPreemptively(
                Duration.ofSeconds(30),
                () -> assertThrows(
                        VirtTuneException.class,
                        () -> new InventoryFile(hanging, notice -> {}, Duration.ofSeconds(1)).read(inventory, "")));

        assertEquals(ExitCode.FAILED, refused.exitCode());
        assertEquals(
                "ansible-inventory did not list " + inventory + " within 1 s, so it was stopped with the scripts it"
                        + " started: a dynamic"
                        + " inventory's script or plugin may be waiting on a service that does not answer; check that"
                        + " 'ansible-inventory -i " + inventory + " --list' ends, or give the hosts in a file of one"
                        + " per line",
                refused.getMessage());
    }

    /** A dynamic inventory script waiting on a service that never answers: the wait is a child of the script. */
    private Path hangingScript() throws IOException {
        Path script = Files.writeString(directory.resolve("ansible-inventory"), "#!/bin/sh\nsleep 1000\n");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        return script;
    }

    /** The local runner, with {@code program} run where ansible-inventory is named. */
    private static ProcessRunner runningInstead(Path program) {
        ProcessRunner local = new LocalProcessRunner();
        return new ProcessRunner() {
            @Override
            public ProcessResult run(List<String> argv, Consumer<String> stdoutLines) {
                throw new AssertionError("ansible-inventory is given a limit");
            }

            @Override
            public ProcessResult run(List<String> argv, Duration limit) {
                return local.run(
                        argv.stream()
                                .map(word -> word.equals("ansible-inventory") ? program.toString() : word)
                                .toList(),
                        limit);
            }

            @Override
            public ProcessResult feed(List<String> argv, String input, Consumer<String> stderrLines) {
                throw new AssertionError("ansible-inventory reads no input");
            }
        };
    }
}
