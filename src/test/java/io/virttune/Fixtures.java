package io.virttune;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Reads recorded tool outputs from the test classpath or from the project's examples. */
public final class Fixtures {
    private Fixtures() {}

    /** A resource next to the test class's package, e.g. {@code read(LvmCliTest.class, "errors/exists.stderr")}. */
    public static String read(Class<?> near, String name) {
        try (InputStream in = near.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalArgumentException("no fixture " + name + " next to " + near.getName());
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A file relative to the project root, where Maven runs the tests. */
    public static String project(String path) {
        try {
            return Files.readString(Path.of(path));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
