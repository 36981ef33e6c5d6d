package io.virttune.testing;

import static org.junit.jupiter.api.Assertions.fail;

import com.github.difflib.DiffUtils;
import com.github.difflib.UnifiedDiffUtils;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Golden files under src/test/resources: compares, shows a unified diff on mismatch, and rewrites
 * them when run with -Dvirttune.golden.update=true.
 */
public final class Golden {
    private static final Path ROOT = Path.of("src/test/resources");

    private Golden() {}

    public static void assertMatches(String resource, String actual) {
        Path file = ROOT.resolve(resource);
        try {
            if (Boolean.getBoolean("virttune.golden.update")) {
                Files.createDirectories(file.getParent());
                Files.writeString(file, actual);
                return;
            }
            if (!Files.exists(file)) {
                fail(file + " does not exist; create it with -Dvirttune.golden.update=true");
            }
            String expected = Files.readString(file);
            if (!expected.equals(actual)) {
                List<String> diff = UnifiedDiffUtils.generateUnifiedDiff(
                        resource,
                        "actual",
                        expected.lines().toList(),
                        DiffUtils.diff(expected.lines().toList(), actual.lines().toList()),
                        2);
                fail("output differs from " + file + " (update with -Dvirttune.golden.update=true):\n"
                        + String.join("\n", diff));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
