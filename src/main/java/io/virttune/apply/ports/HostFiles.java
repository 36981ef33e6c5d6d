package io.virttune.apply.ports;

import io.virttune.IoErrors;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The host's image files as custody sees them: whether one is there, and its removal (cleanup's). */
public interface HostFiles {
    /** The real one: the file is gone, or the failure is worded with the system's reason. */
    HostFiles HOST = new HostFiles() {
        @Override
        public boolean exists(Path file) {
            return Files.exists(file);
        }

        @Override
        public void delete(Path file) {
            try {
                Files.delete(file);
            } catch (IOException e) {
                throw IoErrors.failed("remove", file, e);
            }
        }
    };

    boolean exists(Path file);

    void delete(Path file);

    /** These files as a dry run sees them: read as they are, deleted by no one. */
    default HostFiles readOnly() {
        HostFiles files = this;
        return new HostFiles() {
            @Override
            public boolean exists(Path file) {
                return files.exists(file);
            }

            @Override
            public void delete(Path file) {}
        };
    }
}
