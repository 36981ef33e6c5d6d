package io.virttune.apply;

import io.virttune.IoErrors;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Deletes files on the host (cleanup's source images); a dry run's deletes nothing. */
public interface FileDeletion {
  /** The real one: the file is gone, or the failure is worded with the system's reason. */
  FileDeletion HOST = file -> {
    try {
      Files.delete(file);
    } catch (IOException e) {
      throw IoErrors.failed("remove", file, e);
    }
  };

  void delete(Path file);
}
