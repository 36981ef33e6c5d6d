package io.virttune.apply;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.ExitCode;
import io.virttune.VirtTuneException;
import io.virttune.apply.ports.ApplyPorts;
import io.virttune.host.LocalHostDoor;
import io.virttune.process.ScriptedProcessRunner;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where apply's commands go: through the door of the host it was given, and, in a dry run, only to the log. */
class ApplyPortsTest {
    @TempDir
    Path state;

    private final ScriptedProcessRunner commands = new ScriptedProcessRunner().succeed("");
    private final LocalHostDoor door = new LocalHostDoor(commands, "qemu:///system", true);

    @Test
    void anExecutedChangeRunsThroughTheHostsDoor() {
        ApplyPorts.forHost(door, state, true, line -> {}).lvm().actions().setReadAhead("vg", "site1-vda", 256);

        assertEquals(List.of(List.of("lvm", "lvchange", "--readahead", "256", "vg/site1-vda")), commands.commands());
    }

    @Test
    void aDryRunPrintsTheChangeAndRunsNothing() {
        List<String> printed = new ArrayList<>();

        ApplyPorts.forHost(door, state, false, printed::add).lvm().actions().setReadAhead("vg", "site1-vda", 256);

        assertTrue(commands.commands().isEmpty(), commands.commands().toString());
        assertEquals(1, printed.size(), printed.toString());
        assertTrue(printed.get(0).contains("lvm lvchange --readahead 256 vg/site1-vda"), printed.toString());
    }

    /** What --execute would refuse, the dry run refuses too, with the same words. */
    @Test
    void aStateDirectoryThatCannotBeOneIsRefusedInADryRunAsInARealRun() throws Exception {
        Path file = Files.writeString(state.resolve("state"), "");
        for (Path unusable : List.of(file, file.resolve("below"))) {
            for (boolean execute : List.of(false, true)) {
                VirtTuneException e = assertThrows(
                        VirtTuneException.class, () -> ApplyPorts.forHost(door, unusable, execute, line -> {}));

                assertEquals(ExitCode.REFUSED, e.exitCode());
                assertEquals(
                        "--state-dir " + unusable + " cannot be virt-tune's state directory: " + file
                                + " is a file, not"
                                + " a directory (rule: the journal and the backups must be writable before anything changes); give"
                                + " another --state-dir",
                        e.getMessage());
            }
        }
    }
}
