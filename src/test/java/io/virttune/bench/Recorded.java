package io.virttune.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Reads the recorded real outputs under src/test/resources/io/virttune/bench (see lab/record.sh). */
final class Recorded {
    static final Path DIR = Path.of("src/test/resources/io/virttune/bench");

    private Recorded() {}

    static String text(String name) {
        try {
            return Files.readString(DIR.resolve(name));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A recorded virsh error line without virsh's "error: " prefix: libvirt's own message. */
    static String libvirtError(String name) {
        return text(name).strip().replaceFirst("^error: ", "");
    }
}
