package io.virttune;

import static org.junit.jupiter.api.Assertions.fail;

import com.github.difflib.DiffUtils;
import com.github.difflib.UnifiedDiffUtils;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Compares output with a golden file under src/test/resources, failing with a unified diff; run
 * with -Dvirttune.golden.update=true to rewrite the golden file from the actual output.
 */
public final class Golden {
  private static final Path RESOURCES = Path.of("src/test/resources");

  private Golden() {}

  public static void assertMatches(String goldenName, String actual) {
    Path file = RESOURCES.resolve(goldenName);
    try {
      if (Boolean.getBoolean("virttune.golden.update")) {
        Files.createDirectories(file.getParent());
        Files.writeString(file, actual);
      }
      String expected = Files.readString(file);
      if (!expected.equals(actual)) {
        List<String> diff = UnifiedDiffUtils.generateUnifiedDiff(goldenName, "actual", expected.lines().toList(),
            DiffUtils.diff(expected.lines().toList(), actual.lines().toList()), 2);
        fail("output differs from " + file + " (update with -Dvirttune.golden.update=true):\n"
            + String.join("\n", diff));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
