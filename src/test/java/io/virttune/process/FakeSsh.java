package io.virttune.process;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * An {@code ssh} stand-in for hermetic tests: it records its argv (one word a line) in
 * {@code ssh-argv} beside itself, skips ssh's options and the destination, and runs the remote
 * command line with {@code sh -c} on this machine, as sshd would hand it to the login shell.
 */
public final class FakeSsh {
    private FakeSsh() {}

    public static Path install(Path directory) throws IOException {
        Path script = directory.resolve("ssh");
        Files.writeString(
                script,
                String.join(
                        "\n",
                        "#!/bin/sh",
                        "printf '%s\\n' \"$@\" > \"$(dirname \"$0\")/ssh-argv\"",
                        "while [ \"$1\" != -- ]; do shift; done",
                        "shift",
                        "exec sh -c \"$*\"",
                        ""));
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwx------"));
        return script;
    }
}
