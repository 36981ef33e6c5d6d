package io.virttune.apply;

import static io.virttune.apply.ApplyHarness.GIB;
import static io.virttune.apply.ApplyHarness.MIB;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.ExitCode;
import io.virttune.VirtTuneException;
import io.virttune.apply.guards.ThinSpace;
import io.virttune.apply.journal.DryRunState;
import io.virttune.apply.ports.ApplyPorts;
import io.virttune.lvm.VolumeName;
import io.virttune.plan.ConvertImage;
import io.virttune.process.ProcessIdentity;
import io.virttune.process.ProcessTable;
import io.virttune.qemu.AllocationMap.Extent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A dry run's room check sees the room the applies running on the host hold in the real ledger, and
 * reads it without writing, locking or cleaning anything there.
 */
class DryRunRoomTest extends Site1Test {
    private static final String IMAGE_4G = "/images/data.qcow2";
    private static final VolumeName TPOOL = new VolumeName("vg", "tpool");

    /** Another virt-tune, running while the dry run checks. */
    private Process other;

    @BeforeEach
    void anotherApplyRuns() throws Exception {
        other = new ProcessBuilder("sleep", "600").start();
    }

    @AfterEach
    void itEnds() {
        other.destroy();
    }

    @Test
    void aDryRunRefusesACopyThatFitsOnlyWithoutTheRoomARunningApplyHolds() throws Exception {
        ConvertImage copy = fourGibCopyIntoATwelveGibPool();
        Path room = host.state.root().resolve("pools/room/vg%tpool");
        holds(room, other.pid() + "-1", ProcessTable.here().find(other.pid()).orElseThrow(), 8 * GIB);
        List<String> before = files(room);

        VirtTuneException refused =
                assertThrows(VirtTuneException.class, () -> dryRunSpace().reserve(copy, map(), TPOOL, 4 * MIB, "data"));

        assertEquals(ExitCode.REFUSED, refused.exitCode());
        assertTrue(
                refused.getMessage().contains("besides 8192 MiB the copies running on this host now will write"),
                refused.getMessage());
        assertEquals(before, files(room), "the dry run wrote, locked or removed nothing in the real ledger");
    }

    @Test
    void aDeadProcesssRoomIsNeitherCountedNorRemovedByADryRun() throws Exception {
        ConvertImage copy = fourGibCopyIntoATwelveGibPool();
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        Path room = host.state.root().resolve("pools/room/vg%tpool");
        holds(room, gone.pid() + "-1", ProcessIdentity.pidOnly(gone.pid()), 12 * GIB);

        dryRunSpace().reserve(copy, map(), TPOOL, 4 * MIB, "data").close();

        assertEquals(List.of(gone.pid() + "-1.json"), files(room));
    }

    @Test
    void aDryRunWithoutAStateDirectoryCreatesNone() {
        ConvertImage copy = fourGibCopyIntoATwelveGibPool();
        Path missing = temp.resolve("no-state");

        new ThinSpace(host.ports(false).lvm().reads(), new DryRunState(missing))
                .reserve(copy, map(), TPOOL, 4 * MIB, "data")
                .close();

        assertFalse(Files.exists(missing));
    }

    @Test
    void aDryRunsOwnCopiesHoldRoomAmongThemselvesAndGiveItBack() {
        ConvertImage copy = fourGibCopyIntoATwelveGibPool();
        ThinSpace space = dryRunSpace();
        ThinSpace.Reservation first = space.reserve(copy, map(), TPOOL, 4 * MIB, "data");
        ThinSpace.Reservation second = space.reserve(copy, map(), TPOOL, 4 * MIB, "other");

        assertThrows(VirtTuneException.class, () -> space.reserve(copy, map(), TPOOL, 4 * MIB, "third"));

        first.close();
        second.close();
        space.reserve(copy, map(), TPOOL, 4 * MIB, "third").close();
    }

    private ThinSpace dryRunSpace() {
        ApplyPorts ports = host.ports(false);
        return new ThinSpace(ports.lvm().reads(), ports.run().state());
    }

    private io.virttune.qemu.AllocationMap map() {
        return host.ports(false).copies().qemuImg().map(IMAGE_4G, "qcow2");
    }

    /** A 4 GiB image written whole, copied into a thin LV of a 12 GiB pool with 4 MiB chunks. */
    private ConvertImage fourGibCopyIntoATwelveGibPool() {
        host.lv(new ApplyHarness.Lv("tpool", 12 * GIB, "thin-pool", "twi-a-tz--", "", 4 * MIB, "Pool-1", List.of()));
        host.image(IMAGE_4G, 4 * GIB, 4 * GIB);
        host.data(IMAGE_4G, List.of(new Extent(0, 4 * GIB)));
        return new ConvertImage(IMAGE_4G, "qcow2", "/dev/vg/a", true, 4 * GIB, 4 * GIB, 0);
    }

    /** The real ledger's file {@code key} in {@code room}, holding {@code bytes} for {@code holder}. */
    private static void holds(Path room, String key, ProcessIdentity holder, long bytes) throws Exception {
        Files.createDirectories(room);
        Files.writeString(
                room.resolve(key + ".json"),
                "{\"pid\": " + holder.pid()
                        + (holder.startTicks().isPresent()
                                ? ", \"startTicks\": " + holder.startTicks().getAsLong()
                                : "")
                        + ", \"domain\": \"web\", \"what\": \"copy\", \"dataBytes\": " + bytes
                        + ", \"metadataBytes\": 0}");
    }

    private static List<String> files(Path directory) throws Exception {
        try (Stream<Path> listed = Files.list(directory)) {
            return listed.map(file -> file.getFileName().toString()).sorted().toList();
        }
    }
}
