package io.virttune.apply.journal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.VirtTuneException;
import io.virttune.apply.journal.JournalEntry.StepState;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The state directory keeps journals, backups and calibrations, and says which one it could not read. */
class StateDirectoryTest {
    @TempDir
    Path temp;

    @Test
    void aJournalSurvivesItsFileAndRemembersEachStepsLastState() {
        StateDirectory state = new StateDirectory(temp);
        DomainJournal journal = DomainJournal.start(
                        "web 'ü'",
                        "uuid-1",
                        "2026-11-30T00:00:00Z",
                        "sha256:x",
                        "sha256:plan",
                        "/b.xml",
                        List.of("/i/web.qcow2"),
                        List.of())
                .withCreatedVolume("vg/web-sda")
                .with(new JournalEntry(0, "CreateVolume", StepState.STARTED, "t0", ""))
                .with(new JournalEntry(0, "CreateVolume", StepState.DONE, "t1", ""))
                .with(new JournalEntry(1, "ConvertImage", StepState.STARTED, "t2", ""));

        state.save(journal);

        DomainJournal read = state.journal("uuid-1").orElseThrow();
        assertEquals(journal, read);
        assertTrue(read.isDone(0));
        assertEquals(Optional.of(StepState.STARTED), read.stateOf(1));
        assertEquals(Optional.empty(), read.stateOf(2));
        assertEquals(Optional.of(journal), state.journalByName("web 'ü'"));
    }

    /**
     * A crash between archiving a completed journal and saving the one that continues it must not
     * leave the domain with no current journal: the next apply would not know the first apply's LVs
     * and rollback would say nothing was ever applied.
     */
    @Test
    void archivingKeepsTheCompletedJournalCurrentUntilTheNextOneIsSaved() throws IOException {
        StateDirectory state = new StateDirectory(temp);
        DomainJournal completed = DomainJournal.start(
                        "web",
                        "uuid-1",
                        "2026-11-30T00:00:00Z",
                        "sha256:x",
                        "sha256:plan",
                        "/b.xml",
                        List.of("/i/web.qcow2"),
                        List.of())
                .withCreatedVolume("vg/web-stage")
                .withStatus(DomainJournal.Status.COMPLETED);
        state.save(completed);

        Path archived = state.archive("uuid-1", Instant.parse("2026-12-01T00:00:00Z"));

        assertEquals(
                Optional.of(completed), state.journal("uuid-1"), "still current until the next journal replaces it");
        assertEquals(Files.readString(temp.resolve("domains/uuid-1/journal.json")), Files.readString(archived));
    }

    @Test
    void aJournalWrittenBeforeOwnershipAndPlanDigestsExistedStillReads() throws IOException {
        Path directory = temp.resolve("domains/uuid-3");
        Files.createDirectories(directory);
        Files.writeString(
                directory.resolve("journal.json"),
                "{\"domain\": \"web\", \"uuid\": \"uuid-3\","
                        + " \"planCreatedAt\": \"t\", \"planFingerprint\": \"sha256:x\", \"status\": \"FAILED\","
                        + " \"backupFile\": \"/b.xml\", \"sourceImages\": [\"/i/web.qcow2\"],"
                        + " \"createdVolumes\": [\"vg/web-vda\"], \"entries\": []}");

        DomainJournal read = new StateDirectory(temp).journal("uuid-3").orElseThrow();

        assertEquals(List.of("vg/web-vda"), read.createdVolumes());
        assertEquals(java.util.Map.of(), read.volumeUuids());
        assertEquals(List.of("vg/web-vda"), read.ownVolumes());
        assertEquals(null, read.planDigest());
    }

    @Test
    void backupsArePrivateToRootAndNeverOverwritten() throws IOException {
        StateDirectory state = new StateDirectory(temp);
        Path first = state.backup("uuid-2", "<domain>first</domain>", Instant.parse("2026-11-30T00:00:00Z"));
        Path second = state.backup("uuid-2", "<domain>second</domain>", Instant.parse("2026-11-30T00:00:01Z"));

        assertEquals("<domain>first</domain>", Files.readString(first));
        assertEquals("<domain>second</domain>", Files.readString(second));
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(first.getParent())));
    }

    @Test
    void anUnreadableCalibrationIsNamedAsOneNotAsAJournal() throws IOException {
        StateDirectory state = new StateDirectory(temp);
        Path file = state.calibrationFile("vg_guests", "pool0");
        Files.createDirectories(file.getParent());
        Files.writeString(file, "{ not json");

        VirtTuneException failure =
                assertThrows(VirtTuneException.class, () -> state.calibration("vg_guests", "pool0"));

        assertTrue(failure.getMessage().startsWith("cannot read the calibration " + file + ": "), failure.getMessage());
    }

    @Test
    void aCorruptJournalIsNamedAsAJournalWhetherReadAloneOrWithTheOthers() throws IOException {
        Path file = Files.createDirectories(temp.resolve("domains/uuid-9")).resolve("journal.json");
        Files.writeString(file, "{ not json");
        StateDirectory state = new StateDirectory(temp);

        VirtTuneException alone = assertThrows(VirtTuneException.class, () -> state.journal("uuid-9"));
        VirtTuneException all = assertThrows(VirtTuneException.class, state::journals);

        assertTrue(alone.getMessage().startsWith("cannot read the journal " + file + ": "), alone.getMessage());
        assertEquals(alone.getMessage(), all.getMessage());
    }

    @Test
    void aCorruptPoolJournalIsNamedAsOne() throws IOException {
        Path file = Files.createDirectories(temp.resolve("pools")).resolve("vg_guests%pool0.json");
        Files.writeString(file, "[");
        StateDirectory state = new StateDirectory(temp);

        VirtTuneException alone = assertThrows(VirtTuneException.class, () -> state.poolJournal("vg_guests", "pool0"));
        VirtTuneException all = assertThrows(VirtTuneException.class, state::poolJournals);

        assertTrue(alone.getMessage().startsWith("cannot read the pool's journal " + file + ": "), alone.getMessage());
        assertEquals(alone.getMessage(), all.getMessage());
    }
}
