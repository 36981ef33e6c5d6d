package io.virttune.host;

import io.virttune.IoErrors;
import io.virttune.VirtTuneException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.stream.Stream;

/**
 * Reads the small text files of /proc and /sys below a root directory, treating a missing file as
 * an unknown fact and a garbled one as an error that names the file.
 */
final class HostFiles {
  private final Path root;

  HostFiles(Path root) {
    this.root = root;
  }

  /** The file's content without its trailing newline, or empty when the file does not exist. */
  Optional<String> text(String relativePath) {
    Path file = root.resolve(relativePath);
    try {
      return Optional.of(Files.readString(file).stripTrailing());
    } catch (NoSuchFileException e) {
      return Optional.empty();
    } catch (IOException e) {
      throw IoErrors.failed("read", file, e);
    }
  }

  /** The file's single non-negative integer, or empty when the file does not exist. */
  OptionalLong number(String relativePath) {
    Optional<String> text = text(relativePath);
    if (text.isEmpty()) {
      return OptionalLong.empty();
    }
    return OptionalLong.of(parseNumber(text.get().strip(), relativePath));
  }

  long parseNumber(String value, String relativePath) {
    try {
      long number = Long.parseLong(value);
      if (number >= 0) {
        return number;
      }
    } catch (NumberFormatException e) {
      // reported below, with the file's name
    }
    throw garbled(relativePath, "expected a non-negative whole number, found '" + value + "'");
  }

  VirtTuneException garbled(String relativePath, String problem) {
    return VirtTuneException.failed(
        "Cannot understand " + root.resolve(relativePath) + ": " + problem + ".");
  }

  /** Names of the entries of a directory, sorted; empty when the directory does not exist. */
  List<String> list(String relativePath) {
    Path dir = root.resolve(relativePath);
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    try (Stream<Path> entries = Files.list(dir)) {
      return entries.map(entry -> entry.getFileName().toString()).sorted().toList();
    } catch (IOException e) {
      throw IoErrors.failed("list", dir, e);
    }
  }
}
