package io.virttune.cli;

import io.virttune.IoErrors;
import io.virttune.files.DurableFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Writes the files an operator asked for (--out, --xml-out, --html) whole or not at all. */
final class OutputFiles {
    private OutputFiles() {}

    static void write(Path file, String text) {
        DurableFiles.write(file, text);
    }

    static void createDirectories(Path directory) {
        try {
            Files.createDirectories(directory);
        } catch (IOException e) {
            throw IoErrors.failed("create", directory, e);
        }
    }
}
