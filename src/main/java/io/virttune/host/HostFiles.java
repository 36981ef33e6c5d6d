package io.virttune.host;

import io.virttune.VirtTuneException;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Reads the small text files of /proc and /sys of a host, treating a missing file as an unknown
 * fact and a garbled one as an error that names the file.
 */
final class HostFiles {
    private final HostFileSystem files;

    HostFiles(HostFileSystem files) {
        this.files = files;
    }

    /** The file's content without its trailing newline, or empty when the file does not exist. */
    Optional<String> text(String relativePath) {
        return files.read(relativePath).map(String::stripTrailing);
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
        return VirtTuneException.failed("Cannot understand " + files.describe(relativePath) + ": " + problem + ".");
    }

    /** Names of the entries of a directory, sorted; empty when the directory does not exist. */
    List<String> list(String relativePath) {
        return files.list(relativePath);
    }
}
