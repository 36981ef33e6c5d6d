package io.virttune.snippets;

import io.virttune.IoErrors;
import io.virttune.VirtTuneException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Writes rendered snippets into a new or empty directory, never over an operator's files; shell
 * scripts are made executable.
 */
public final class SnippetFolder {
    private final Path directory;

    public SnippetFolder(Path directory) {
        this.directory = directory;
    }

    public void write(Map<String, String> files) {
        try {
            requireEmpty();
            Files.createDirectories(directory);
            for (Map.Entry<String, String> file : files.entrySet()) {
                Path path = directory.resolve(file.getKey());
                // A fleet's folder holds a folder per host.
                Files.createDirectories(path.getParent());
                Files.writeString(path, file.getValue());
                if (file.getKey().endsWith(".sh")) {
                    Files.setPosixFilePermissions(path, PosixFilePermissions.fromString("rwxr-xr-x"));
                }
            }
        } catch (IOException e) {
            throw IoErrors.failed("write snippets to", directory, e);
        }
    }

    private void requireEmpty() throws IOException {
        if (!Files.exists(directory)) {
            return;
        }
        if (!Files.isDirectory(directory)) {
            throw VirtTuneException.usage(directory + " is not a directory");
        }
        try (Stream<Path> entries = Files.list(directory)) {
            if (entries.findAny().isPresent()) {
                throw VirtTuneException.usage(directory + " is not empty; give a new or empty directory to --out");
            }
        }
    }
}
