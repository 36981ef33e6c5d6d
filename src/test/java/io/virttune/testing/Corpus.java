package io.virttune.testing;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** The shared corpus of real domain XML: ../shared/corpus, or the virttune.corpus property. */
public final class Corpus {
  /** Folders that hold no single well-formed document on purpose (two documents, diffs). */
  private static final List<String> NOT_DOCUMENTS =
      List.of("virt-install-multidoc", "cli-compare-virt-xml-diffs");

  private Corpus() {}

  public static Path root() {
    Path root = Path.of(System.getProperty("virttune.corpus", "../shared/corpus"));
    if (!Files.isDirectory(root)) {
      fail("domain XML corpus not found at " + root.toAbsolutePath()
          + "; set -Dvirttune.corpus=PATH to point at it");
    }
    return root;
  }

  /** Every .xml file meant to hold one document, sorted. */
  public static List<Path> documents() {
    try (Stream<Path> files = Files.walk(root())) {
      return files
          .filter(Files::isRegularFile)
          .filter(file -> file.getFileName().toString().endsWith(".xml"))
          .filter(file -> NOT_DOCUMENTS.stream().noneMatch(dir -> file.toString().contains(dir)))
          .sorted()
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
