package io.virttune;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** Reads a file of the top-level {@code templates/} directory, which the build puts into the jar. */
public final class BundledTemplates {
    private BundledTemplates() {}

    /** The text of {@code templates/NAME}; a jar without it is a broken build. */
    public static String text(String name) {
        String resource = "templates/" + name;
        try (InputStream in = BundledTemplates.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException(resource + " is missing from the virt-tune jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + resource + " from the virt-tune jar", e);
        }
    }
}
