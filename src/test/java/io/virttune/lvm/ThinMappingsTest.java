package io.virttune.lvm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.Fixtures;
import io.virttune.VirtTuneException;
import io.virttune.process.ProcessIdentity;
import io.virttune.process.ProcessTable;
import io.virttune.process.ScriptedProcessRunner;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Replays the lab's recording (thin/README.md): a thin LV's chunks, read between a reserve and a release. */
class ThinMappingsTest {
    private static final long CHUNK = 64 * 1024;
    private static final long MIB = 1L << 20;
    private static final VolumeName THIN = new VolumeName("vg_guests", "web1-vda");
    private static final VolumeName POOL = new VolumeName("vg_guests", "pool-0");
    private static final String TPOOL = "vg_guests-pool--0-tpool";
    private static final List<String> INFO =
            List.of("dmsetup", "info", "-c", "--noheadings", "--separator", ":", "-o", "major,minor");
    private static final List<String> RESERVE =
            List.of("dmsetup", "message", "vg_guests-pool--0-tpool", "0", "reserve_metadata_snap");
    private static final List<String> DUMP =
            List.of("thin_dump", "--metadata-snap", "--dev-id", "1", "/dev/mapper/vg_guests-pool--0_tmeta");
    private static final List<String> RELEASE =
            List.of("dmsetup", "message", "vg_guests-pool--0-tpool", "0", "release_metadata_snap");

    private static final List<String> POOL_STATUS = List.of("dmsetup", "status", "vg_guests-pool--0-tpool");
    /** Far above any pid_max (at most 2^22): no process has it. */
    private static final ProcessIdentity DEAD = ProcessIdentity.of(2147483647L, 1);

    @TempDir
    Path state;

    private final ScriptedProcessRunner runner = new ScriptedProcessRunner();
    private MetadataSnapshotHolds holds;
    /** The pool's status now: none held until a reserve, and again after a release. */
    private String poolStatus = "status-tpool.stdout";

    @BeforeEach
    void holdsInTheStateDirectory() {
        holds = MetadataSnapshotHolds.in(state);
    }

    @Test
    void theChunksAreReadFromTheSnapshotWhichIsReleased() {
        devices(fixture("status-thin.stdout"));
        runner.succeed("")
                .succeed(fixture("thin_dump-web1-vda.xml"))
                .succeed("")
                .succeed(fixture("status-thin.stdout"));

        assertEquals(
                new ProvisionedChunks(
                        CHUNK,
                        List.of(
                                new ProvisionedChunks.Run(0, 3 * CHUNK),
                                new ProvisionedChunks.Run(MIB, CHUNK),
                                new ProvisionedChunks.Run(40 * MIB, MIB))),
                new ThinMappings(runner, holds).of(THIN, POOL));
        assertEquals(
                List.of(
                        List.of("dmsetup", "table", "vg_guests-web1--vda"),
                        with(INFO, "vg_guests-pool--0-tpool"),
                        List.of("dmsetup", "table", "vg_guests-pool--0-tpool"),
                        with(INFO, "vg_guests-pool--0_tmeta"),
                        List.of("dmsetup", "status", "vg_guests-web1--vda"),
                        RESERVE,
                        POOL_STATUS,
                        DUMP,
                        RELEASE,
                        List.of("dmsetup", "status", "vg_guests-web1--vda")),
                runner.commands());
    }

    @Test
    void theHoldIsRecordedWhileTheDumpReadsAndForgottenOnceReleased() {
        devices(fixture("status-thin.stdout"));
        List<Optional<MetadataSnapshotHolds.Hold>> duringTheDump = new ArrayList<>();
        runner.succeed("", () -> poolStatus = "status-tpool-held.stdout")
                .succeed(fixture("thin_dump-web1-vda.xml"), () -> duringTheDump.add(holds.of(TPOOL)))
                .succeed("", () -> poolStatus = "status-tpool.stdout")
                .succeed(fixture("status-thin.stdout"));

        new ThinMappings(runner, holds).of(THIN, POOL);

        assertEquals(List.of(Optional.of(new MetadataSnapshotHolds.Hold(ProcessTable.current(), "33"))), duringTheDump);
        assertEquals(Optional.empty(), holds.of(TPOOL));
    }

    @Test
    void aSnapshotAKilledVirtTuneHeldAtTheRootItRecordedIsReleasedAndTheChunksRead() {
        assertReleasesTheKilledHold(DEAD);
    }

    @Test
    void aSnapshotHeldByAKilledVirtTuneWhosePidAnotherProcessGotSinceIsReleased() {
        ProcessIdentity self = ProcessTable.current();
        assertReleasesTheKilledHold(
                ProcessIdentity.of(self.pid(), self.startTicks().getAsLong() - 1));
    }

    /** A hold {@code killed} recorded at root 33, the root the pool holds: released, then the chunks read. */
    private void assertReleasesTheKilledHold(ProcessIdentity killed) {
        holds.record(TPOOL, new MetadataSnapshotHolds.Hold(killed, "33"));
        poolStatus = "status-tpool-held.stdout";
        devices(fixture("status-thin.stdout"));
        runner.fail(1, fixture("reserve-held.stderr"))
                .succeed("", () -> poolStatus = "status-tpool.stdout")
                .succeed("", () -> poolStatus = "status-tpool-held.stdout")
                .succeed(fixture("thin_dump-web1-vda.xml"))
                .succeed("", () -> poolStatus = "status-tpool.stdout")
                .succeed(fixture("status-thin.stdout"));
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream before = System.err;
        ProvisionedChunks chunks;
        try {
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            chunks = new ThinMappings(runner, holds).of(THIN, POOL);
        } finally {
            System.setErr(before);
        }

        assertEquals(3, chunks.runs().size());
        assertEquals(
                List.of(RESERVE, POOL_STATUS, RELEASE, RESERVE, POOL_STATUS, DUMP, RELEASE),
                runner.commands().subList(5, 12));
        assertEquals(
                "Releasing the metadata snapshot of vg_guests-pool--0-tpool (root 33): virt-tune (" + killed.describe()
                        + ") reserved it and no longer runs\n",
                err.toString(StandardCharsets.UTF_8));
        assertEquals(Optional.empty(), holds.of(TPOOL));
    }

    @Test
    void aSnapshotHeldAtAnotherRootThanTheKilledVirtTuneRecordedIsLeftAlone() {
        holds.record(TPOOL, new MetadataSnapshotHolds.Hold(DEAD, "7"));
        assertLeftHeld();
    }

    @Test
    void aSnapshotARunningVirtTuneHoldsIsLeftAlone() {
        holds.record(TPOOL, new MetadataSnapshotHolds.Hold(ProcessTable.current(), "33"));
        assertLeftHeld();
    }

    @Test
    void aHoldRecordedWithoutAStartTimeIsReadAsItsPidAloneAndARunningOneIsLeftAlone() throws Exception {
        long self = ProcessHandle.current().pid();
        Path records = Files.createDirectories(state.resolve("pools").resolve("metadata-snapshots"));
        Files.writeString(records.resolve(TPOOL), "pid=" + self + "\nroot=33\n");

        assertEquals(Optional.of(new MetadataSnapshotHolds.Hold(ProcessIdentity.pidOnly(self), "33")), holds.of(TPOOL));
        assertLeftHeld();
    }

    /** A held snapshot the record does not prove a dead virt-tune's: refused as busy, neither read nor released. */
    private void assertLeftHeld() {
        poolStatus = "status-tpool-held.stdout";
        devices(fixture("status-thin.stdout"));
        runner.fail(1, fixture("reserve-held.stderr"));

        VirtTuneException e =
                assertThrows(VirtTuneException.class, () -> new ThinMappings(runner, holds).of(THIN, POOL));

        assertTrue(e.getMessage().contains("Device or resource busy"), e.getMessage());
        assertTrue(
                runner.commands().stream().noneMatch(RELEASE::equals),
                runner.commands().toString());
        assertTrue(holds.of(TPOOL).isPresent());
    }

    @Test
    void aSnapshotAnotherHoldsIsNeitherReadNorReleased() {
        devices(fixture("status-thin.stdout"));
        runner.fail(1, fixture("reserve-held.stderr"));

        VirtTuneException e =
                assertThrows(VirtTuneException.class, () -> new ThinMappings(runner, holds).of(THIN, POOL));
        assertTrue(e.getMessage().contains("Device or resource busy"), e.getMessage());
        assertEquals(RESERVE, runner.commands().get(runner.commands().size() - 1));
    }

    @Test
    void theSnapshotIsReleasedWhenTheDumpFails() {
        devices(fixture("status-thin.stdout"));
        runner.succeed("").fail(64, "no current metadata snap").succeed("");

        assertThrows(VirtTuneException.class, () -> new ThinMappings(runner, holds).of(THIN, POOL));
        assertEquals(RELEASE, runner.commands().get(runner.commands().size() - 1));
    }

    @Test
    void aReleaseThatFailsSaysHowToReleaseByHand() {
        devices(fixture("status-thin.stdout"));
        runner.succeed("").succeed(fixture("thin_dump-web1-vda.xml")).fail(1, fixture("release-none.stderr"));

        VirtTuneException e =
                assertThrows(VirtTuneException.class, () -> new ThinMappings(runner, holds).of(THIN, POOL));
        assertTrue(
                e.getMessage()
                        .endsWith("release it with: dmsetup message vg_guests-pool--0-tpool 0 release_metadata_snap"),
                e.getMessage());
    }

    @Test
    void aMappingThatChangedMeanwhileOrDoesNotAddUpIsRefused() {
        // A chunk more mapped after the dump than the dump and the count before it show.
        devices(fixture("status-thin.stdout"));
        runner.succeed("")
                .succeed(fixture("thin_dump-web1-vda.xml"))
                .succeed("")
                .succeed("0 131072 thin 2688 83967\n");

        VirtTuneException e =
                assertThrows(VirtTuneException.class, () -> new ThinMappings(runner, holds).of(THIN, POOL));
        assertEquals(
                "the mapping of vg_guests/web1-vda changed or does not add up: 2560 sectors mapped before its dump,"
                        + " 2688 after, 2560 in its 3 ranges",
                e.getMessage());
    }

    @Test
    void aThinLvOfAnotherPoolIsRefusedBeforeAnySnapshot() {
        standing(runner);
        runner.answer(
                ScriptedProcessRunner.command("dmsetup", "table", "vg_guests-web1--vda"),
                argv -> "0 131072 thin 254:7 1\n");

        VirtTuneException e =
                assertThrows(VirtTuneException.class, () -> new ThinMappings(runner, holds).of(THIN, POOL));
        assertEquals(
                "the table of vg_guests/web1-vda (0 131072 thin 254:7 1) does not name thin pool vg_guests/pool-0's"
                        + " device vg_guests-pool--0-tpool alone",
                e.getMessage());
        assertTrue(runner.commands().stream().noneMatch(argv -> argv.contains("message")));
    }

    @Test
    void aThinLvWithAnExternalOriginIsRefused() {
        standing(runner);
        runner.answer(
                ScriptedProcessRunner.command("dmsetup", "table", "vg_guests-web1--vda"),
                argv -> fixture("table-external-origin.stdout"));

        VirtTuneException e =
                assertThrows(VirtTuneException.class, () -> new ThinMappings(runner, holds).of(THIN, POOL));
        assertTrue(
                e.getMessage().startsWith("the table of vg_guests/web1-vda (0 16384 thin 254:2 2 254:5)"),
                e.getMessage());
        assertTrue(runner.commands().stream().noneMatch(argv -> argv.contains("message")));
    }

    /** The standing answers of the recorded devices; the thin LV's status, then the rest in order. */
    private void devices(String statusBefore) {
        standing(runner);
        runner.succeed(statusBefore);
    }

    private void standing(ScriptedProcessRunner scripted) {
        scripted.answer(POOL_STATUS::equals, argv -> fixture(poolStatus));
        scripted.answer(ScriptedProcessRunner.command("dmsetup", "table"), ThinMappingsTest::table);
        scripted.answer(
                ScriptedProcessRunner.command("dmsetup", "info"),
                argv -> argv.get(argv.size() - 1).endsWith("-tpool")
                        ? fixture("info-tpool.stdout")
                        : fixture("info-tmeta.stdout"));
    }

    private static String table(List<String> argv) {
        return fixture(argv.get(2).endsWith("-tpool") ? "table-tpool.stdout" : "table-thin.stdout");
    }

    private static List<String> with(List<String> argv, String last) {
        List<String> all = new ArrayList<>(argv);
        all.add(last);
        return all;
    }

    private static String fixture(String name) {
        return Fixtures.read(ThinMappingsTest.class, "thin/" + name);
    }
}
