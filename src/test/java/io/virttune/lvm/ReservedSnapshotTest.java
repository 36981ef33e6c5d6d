package io.virttune.lvm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.virttune.Fixtures;
import io.virttune.process.ProcessTable;
import io.virttune.process.ScriptedProcessRunner;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The release a SIGTERM's shutdown hook makes, and the work's own close after it, of a recorded reserve. */
class ReservedSnapshotTest {
    private static final String TPOOL = "vg_guests-pool--0-tpool";
    private static final List<String> RELEASE = List.of("dmsetup", "message", TPOOL, "0", "release_metadata_snap");

    @TempDir
    Path state;

    @Test
    void theShutdownHookReleasesOnceAndForgetsTheHoldAndTheCloseAfterItReleasesNothing() {
        ScriptedProcessRunner runner = new ScriptedProcessRunner()
                .answer(
                        ScriptedProcessRunner.command("dmsetup", "status"),
                        argv -> Fixtures.read(ReservedSnapshotTest.class, "thin/status-tpool-held.stdout"))
                .answer(ScriptedProcessRunner.command("dmsetup", "message"), argv -> "");
        MetadataSnapshotHolds holds = MetadataSnapshotHolds.in(state);
        ReservedSnapshot reserved = ReservedSnapshot.reserve(new DeviceMapper(runner), TPOOL, holds);
        assertEquals(Optional.of(new MetadataSnapshotHolds.Hold(ProcessTable.current(), "33")), holds.of(TPOOL));

        reserved.onSignal().run();
        reserved.close();

        assertEquals(
                1,
                runner.commands().stream().filter(RELEASE::equals).count(),
                runner.commands().toString());
        assertEquals(Optional.empty(), holds.of(TPOOL));
    }
}
