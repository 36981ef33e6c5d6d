package io.virttune.apply;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.apply.JournalEntry.StepState;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StateDirectoryTest {
  @TempDir Path temp;

  @Test
  void aJournalSurvivesItsFileAndRemembersEachStepsLastState() {
    StateDirectory state = new StateDirectory(temp);
    DomainJournal journal = DomainJournal.start("web 'ü'", "uuid-1", "2026-11-30T00:00:00Z", "sha256:x",
            "sha256:plan", "/b.xml", List.of("/i/web.qcow2"))
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

  @Test
  void aJournalWrittenBeforeOwnershipAndPlanDigestsExistedStillReads() throws IOException {
    Path directory = temp.resolve("domains/uuid-3");
    Files.createDirectories(directory);
    Files.writeString(directory.resolve("journal.json"), "{\"domain\": \"web\", \"uuid\": \"uuid-3\","
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
}
