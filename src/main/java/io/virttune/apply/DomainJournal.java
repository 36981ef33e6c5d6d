package io.virttune.apply;

import com.fasterxml.jackson.annotation.JsonIgnore;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Everything apply did to one domain, written durably before and after each step: enough to
 * resume after a crash or to roll back exactly what this tool created, and nothing else.
 */
public record DomainJournal(
    String domain,
    String uuid,
    String planCreatedAt,
    String planFingerprint,
    Status status,
    String backupFile,
    List<String> sourceImages,
    List<String> createdVolumes,
    List<JournalEntry> entries) {

  /** Where the migration of this domain stands. */
  public enum Status {
    IN_PROGRESS,
    COMPLETED,
    FAILED,
    ROLLED_BACK,
    /** Completed, and the source images were removed on request: there is no way back. */
    CLEANED_UP
  }

  public DomainJournal {
    sourceImages = List.copyOf(sourceImages);
    createdVolumes = List.copyOf(createdVolumes);
    entries = List.copyOf(entries);
  }

  public static DomainJournal start(String domain, String uuid, String planCreatedAt, String fingerprint,
      String backupFile, List<String> sourceImages) {
    return new DomainJournal(domain, uuid, planCreatedAt, fingerprint, Status.IN_PROGRESS, backupFile,
        sourceImages, List.of(), List.of());
  }

  public DomainJournal with(JournalEntry entry) {
    List<JournalEntry> more = new ArrayList<>(entries);
    more.add(entry);
    return new DomainJournal(domain, uuid, planCreatedAt, planFingerprint, status, backupFile, sourceImages, createdVolumes, more);
  }

  public DomainJournal withCreatedVolume(String vgSlashLv) {
    List<String> more = new ArrayList<>(createdVolumes);
    if (!more.contains(vgSlashLv)) {
      more.add(vgSlashLv);
    }
    return new DomainJournal(domain, uuid, planCreatedAt, planFingerprint, status, backupFile, sourceImages, more, entries);
  }

  public DomainJournal withStatus(Status next) {
    return new DomainJournal(domain, uuid, planCreatedAt, planFingerprint, next, backupFile, sourceImages, createdVolumes, entries);
  }

  /** The last recorded state of a step, if it was ever started. */
  public Optional<JournalEntry.StepState> stateOf(int step) {
    JournalEntry.StepState state = null;
    for (JournalEntry entry : entries) {
      if (entry.step() == step) {
        state = entry.state();
      }
    }
    return Optional.ofNullable(state);
  }

  @JsonIgnore
  public boolean isDone(int step) {
    return stateOf(step).equals(Optional.of(JournalEntry.StepState.DONE));
  }
}
