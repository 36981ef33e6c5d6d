package io.virttune.apply;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.ExitCode;
import io.virttune.VirtTuneException;
import io.virttune.apply.ports.ApplyPorts;
import io.virttune.host.LocalHostDoor;
import io.virttune.process.ScriptedProcessRunner;
import io.virttune.qemu.AllocationMap.Extent;
import io.virttune.qemu.PausedMaps.PausedMap;
import java.nio.ByteBuffer;
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

    /**
     * The map in a thin LV's pause is read in this process only where the image files are this
     * machine's: through another host's door qemu-img reads it there.
     */
    @Test
    void thePausedMapIsReadInThisProcessOnlyWhereTheImagesAreThisMachines() throws Exception {
        Path image = emptyQcow2(state.resolve("g1.qcow2"));
        ScriptedProcessRunner elsewhere = new ScriptedProcessRunner()
                .succeed("[{\"start\": 0, \"length\": 1048576, \"zero\": true, \"data\": false}]");
        LocalHostDoor remote = new LocalHostDoor(elsewhere, "qemu+ssh://hv02/system", false);

        PausedMap here = ApplyPorts.forHost(door, state, true, line -> {})
                .copies()
                .pausedMaps()
                .read(image.toString(), "qcow2");
        PausedMap there = ApplyPorts.forHost(remote, state, true, line -> {})
                .copies()
                .pausedMaps()
                .read(image.toString(), "qcow2");

        assertEquals("read in this process from its qcow2 tables", here.how());
        assertEquals(List.of(new Extent(0, 1 << 20)), here.map().zeroExtents());
        assertTrue(commands.commands().isEmpty(), commands.commands().toString());
        assertEquals("qemu-img map (the images are another host's)", there.how());
        assertEquals(
                List.of(List.of("qemu-img", "map", "--output=json", "-U", "-f", "qcow2", image.toString())),
                elsewhere.commands());
    }

    /**
     * A 1 MiB qcow2 (version 3, 64 KiB clusters) with nothing written, as qemu-img creates one: the
     * header, the refcount table and its block, and an L1 table whose one entry maps no L2 table.
     */
    private static Path emptyQcow2(Path path) throws Exception {
        int cluster = 1 << 16;
        ByteBuffer file = ByteBuffer.allocate(4 * cluster);
        file.putInt(0, 0x514649fb).putInt(4, 3).putInt(20, 16).putLong(24, 1 << 20);
        file.putInt(36, 1).putLong(40, 3L * cluster).putLong(48, cluster).putInt(56, 1);
        file.putInt(96, 4).putInt(100, 104);
        file.putLong(cluster, 2L * cluster);
        for (int used = 0; used < 4; used++) {
            file.putShort(2 * cluster + 2 * used, (short) 1);
        }
        return Files.write(path, file.array());
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
