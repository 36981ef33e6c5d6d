package io.virttune.xml;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Test fixtures under src/test/resources/xml, and golden comparison: run with
 * -Dvirttune.golden.update=true to rewrite the expected files from the actual output.
 */
final class Fixtures {
    private static final Path SOURCE_DIR = Path.of("src/test/resources/xml");

    private Fixtures() {}

    static String read(String name) {
        try (InputStream in = Fixtures.class.getResourceAsStream("/xml/" + name)) {
            if (in == null) {
                throw new IllegalArgumentException("no fixture xml/" + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static DomainXml domain(String name) {
        return DomainXml.parse(read(name), name);
    }

    /**
     * Asserts the written document matches the golden file: semantically (listing the
     * differences) and then as text apart from quote style, so indentation is checked too.
     */
    static void assertGolden(String expectedName, DomainXml actual) {
        String written = actual.toXml();
        if (Boolean.getBoolean("virttune.golden.update")) {
            write(expectedName, written);
        }
        String expected = readSource(expectedName);
        assertEquals(
                "[]",
                XmlEquivalence.differences(SafeXml.parse(expected, expectedName), actual.document())
                        .toString(),
                "semantic differences from " + expectedName);
        assertEquals(expected.replace('\'', '"'), written.replace('\'', '"'), "text differs from " + expectedName);
        assertTrue(XmlText.write(SafeXml.parse(written, "rewritten")).equals(written), "writing is not idempotent");
    }

    /** Golden files are read from the source tree, where an update has just written them. */
    private static String readSource(String name) {
        try {
            return Files.readString(SOURCE_DIR.resolve(name));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void write(String name, String text) {
        try {
            Files.writeString(SOURCE_DIR.resolve(name), text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
