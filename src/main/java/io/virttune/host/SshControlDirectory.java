package io.virttune.host;

import io.virttune.IoErrors;
import io.virttune.VirtTuneException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * Where ssh keeps the sockets of its shared connections: a directory only the operator can enter,
 * in the runtime directory when there is one, since a socket there is a logged-in session.
 */
public final class SshControlDirectory {
    private SshControlDirectory() {}

    public static Path forThisUser() {
        String runtime = System.getenv("XDG_RUNTIME_DIR");
        Path directory = runtime != null && !runtime.isBlank()
                ? Path.of(runtime, "virt-tune-ssh")
                : Path.of(System.getProperty("java.io.tmpdir"), "virt-tune-ssh-" + System.getProperty("user.name"));
        try {
            if (!Files.isDirectory(directory)) {
                Files.createDirectories(
                        directory, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            }
            // Another user's directory could hold a socket that hijacks the connection.
            String owner = Files.getOwner(directory).getName();
            if (!owner.equals(System.getProperty("user.name"))) {
                throw VirtTuneException.refused(
                        directory + " belongs to " + owner + ", not to you; remove it or set XDG_RUNTIME_DIR");
            }
            return directory;
        } catch (IOException e) {
            throw IoErrors.failed("create the directory of ssh's shared connections", directory, e);
        }
    }
}
