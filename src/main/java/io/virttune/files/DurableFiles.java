package io.virttune.files;

import io.virttune.IoErrors;
import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.channels.AsynchronousFileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * The one way virt-tune writes a file (journals, backups, plans, reports, stored results), so that
 * a crash leaves either the old content or the new.
 */
public final class DurableFiles {
    private DurableFiles() {}

    /**
     * Writes {@code content} as UTF-8; {@code what} words a failure ("write", "store the result in").
     * An interrupt, set before or arriving during, does not cut it: a journal entry a thread owes is
     * written all the same, and the interrupt stays set for the code above. No step of it looks at the
     * interrupt (an interruptible channel would close at once, and a flag cleared for the steps would
     * be set again by an interrupt arriving during them).
     */
    public static void write(Path file, String content, String what) {
        // Its own name per process and thread: two writers of one file (two commands, two jobs) never
        // write into each other's temporary file, and the last rename wins whole.
        Path temporary = file.resolveSibling("." + file.getFileName() + "."
                + ProcessHandle.current().pid() + "." + Thread.currentThread().getId() + ".tmp");
        try {
            Path directory = file.toAbsolutePath().getParent();
            // A file of that name is a killed write's leftover: no living writer has this pid and thread.
            Files.deleteIfExists(temporary);
            Files.createFile(temporary);
            // A stream, not a channel: an interrupt arriving during the write cannot close it.
            try (FileOutputStream out = new FileOutputStream(temporary.toFile())) {
                out.write(content.getBytes(StandardCharsets.UTF_8));
                out.getFD().sync();
            }
            Files.move(temporary, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            // An asynchronous channel, not a FileChannel: its force is not interruptible (the file is
            // renamed into place by now, and an interrupt must not make the caller believe it is not).
            try (AsynchronousFileChannel directoryChannel =
                    AsynchronousFileChannel.open(directory, StandardOpenOption.READ)) {
                directoryChannel.force(true);
            }
        } catch (IOException e) {
            removeQuietly(temporary);
            throw IoErrors.failed(what, file, e);
        }
    }

    public static void write(Path file, String content) {
        write(file, content, "write");
    }

    private static void removeQuietly(Path temporary) {
        try {
            Files.deleteIfExists(temporary);
        } catch (IOException e) {
            // The failure of the write itself is what the operator needs to read.
        }
    }
}
