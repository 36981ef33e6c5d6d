package io.virttune.snippets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import com.github.difflib.DiffUtils;
import com.github.difflib.UnifiedDiffUtils;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Compares a folder of snippets with its golden copy under src/test/resources/snippets/, showing a
 * unified diff on failure; {@code -Dvirttune.golden.update=true} rewrites the golden copy instead.
 * The project's absolute path (in test-driver URIs) is written as /PROJECT.
 */
final class GoldenFolder {
    private static final Path ROOT = Path.of("src/test/resources/snippets");
    private static final String PROJECT = Path.of("").toAbsolutePath().toString();

    private GoldenFolder() {}

    static void assertMatches(String name, Map<String, String> rendered) {
        Map<String, String> actual = new TreeMap<>();
        rendered.forEach((file, text) -> actual.put(file, text.replace(PROJECT, "/PROJECT")));
        Path golden = ROOT.resolve(name);
        if (Boolean.getBoolean("virttune.golden.update")) {
            update(golden, actual);
            return;
        }
        Map<String, String> expected = read(golden);
        assertEquals(expected.keySet(), actual.keySet(), "files of " + golden);
        StringBuilder diffs = new StringBuilder();
        for (String file : expected.keySet()) {
            if (!expected.get(file).equals(actual.get(file))) {
                List<String> before = expected.get(file).lines().toList();
                List<String> after = actual.get(file).lines().toList();
                UnifiedDiffUtils.generateUnifiedDiff(
                                golden.resolve(file).toString(), file, before, DiffUtils.diff(before, after), 2)
                        .forEach(line -> diffs.append(line).append('\n'));
            }
        }
        if (!diffs.isEmpty()) {
            fail("snippets differ from " + golden + " (regenerate with -Dvirttune.golden.update=true):\n" + diffs);
        }
    }

    /** Every file of a directory, by name. */
    static Map<String, String> read(Path directory) {
        Map<String, String> files = new TreeMap<>();
        try (Stream<Path> entries = Files.list(directory)) {
            for (Path file : entries.toList()) {
                files.put(file.getFileName().toString(), Files.readString(file));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + directory, e);
        }
        return files;
    }

    private static void update(Path golden, Map<String, String> files) {
        try {
            if (Files.isDirectory(golden)) {
                try (Stream<Path> old = Files.list(golden)) {
                    for (Path file : old.toList()) {
                        Files.delete(file);
                    }
                }
            }
            Files.createDirectories(golden);
            for (Map.Entry<String, String> file : files.entrySet()) {
                Files.writeString(golden.resolve(file.getKey()), file.getValue());
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot update " + golden, e);
        }
    }
}
