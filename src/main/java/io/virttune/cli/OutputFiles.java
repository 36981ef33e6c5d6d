package io.virttune.cli;

import io.virttune.IoErrors;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Writes the files an operator asked for (--out, --xml-out, --html) whole or not at all: through
 * a temporary sibling renamed over the target, removed again when anything fails.
 */
final class OutputFiles {
  private OutputFiles() {}

  static void write(Path file, String text) {
    Path temporary = file.resolveSibling(file.getFileName() + ".tmp");
    try {
      Files.writeString(temporary, text);
      Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      removeQuietly(temporary);
      throw IoErrors.failed("write", file, e);
    }
  }

  static void createDirectories(Path directory) {
    try {
      Files.createDirectories(directory);
    } catch (IOException e) {
      throw IoErrors.failed("create", directory, e);
    }
  }

  private static void removeQuietly(Path temporary) {
    try {
      Files.deleteIfExists(temporary);
    } catch (IOException e) {
      // The failure of the write itself is what the operator needs to read.
    }
  }
}
