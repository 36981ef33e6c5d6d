package io.virttune.files;

import io.virttune.IoErrors;
import io.virttune.VirtTuneException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.AsynchronousFileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;

/**
 * The one way virt-tune writes a file (journals, backups, plans, reports, stored results), so that
 * a crash leaves either the old content or the new.
 */
public final class DurableFiles {
    private DurableFiles() {}

    /**
     * Writes {@code content} as UTF-8; {@code what} words a failure ("write", "store the result in").
     * An interrupt, set before or arriving during, does not cut it: a journal entry a thread owes is
     * written all the same, and the interrupt stays set for the code above. No step of it obeys the
     * interrupt (an interruptible channel would close at once, and a flag cleared for the steps would
     * be set again by an interrupt arriving during them).
     */
    public static void write(Path file, String content, String what) {
        write(file, content, what, DurableFiles::force);
    }

    /** As {@link #write(Path, String, String)}, the directory fsynced by {@code directorySync}. */
    static void write(Path file, String content, String what, DirectorySync directorySync) {
        // Its own name per process and thread: two writers of one file (two commands, two jobs) never
        // write into each other's temporary file, and the last rename wins whole.
        Path temporary = file.resolveSibling("." + file.getFileName() + "."
                + ProcessHandle.current().pid() + "." + Thread.currentThread().getId() + ".tmp");
        Path directory = file.toAbsolutePath().getParent();
        try {
            // A file of that name is a killed write's leftover: no living writer has this pid and thread.
            Files.deleteIfExists(temporary);
            // Made and opened in one step (CREATE_NEW: O_EXCL, which refuses a symlink at the name too),
            // so a name swapped between making and opening, in a directory others can write, is never
            // followed. A FileOutputStream cannot open so, and a FileChannel's write an interrupt would
            // close; an asynchronous channel's writes run on its own threads, which nothing interrupts.
            try (AsynchronousFileChannel out =
                    AsynchronousFileChannel.open(temporary, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                ByteBuffer bytes = ByteBuffer.wrap(content.getBytes(StandardCharsets.UTF_8));
                while (bytes.hasRemaining()) {
                    await(out.write(bytes, bytes.position()));
                }
                out.force(true);
            }
            Files.move(temporary, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            removeQuietly(temporary);
            throw IoErrors.failed(what, file, e);
        }
        try {
            directorySync.force(directory);
        } catch (IOException e) {
            // Still a failure, for the caller must not go on as if the file were durable; but the file
            // is written and current, which the operator looking at it finds, and only its rename is in
            // doubt.
            throw VirtTuneException.failed(
                    file + " is written and in place, but its rename is not confirmed durable: fsync of its directory "
                            + directory + " failed (" + IoErrors.reason(directory, e) + "), and a crash of the host"
                            + " may yet undo it, bringing back the old file or none. Check that file system's health"
                            + " (dmesg); once it is sound, sync -f " + directory + " makes the rename durable.",
                    e);
        }
    }

    public static void write(Path file, String content) {
        write(file, content, "write");
    }

    /** Makes a rename in {@code directory} durable. */
    @FunctionalInterface
    interface DirectorySync {
        void force(Path directory) throws IOException;
    }

    private static void force(Path directory) throws IOException {
        // An asynchronous channel, not a FileChannel: its force is not interruptible (the file is
        // renamed into place by now, and an interrupt must not make the caller believe it is not).
        try (AsynchronousFileChannel directoryChannel =
                AsynchronousFileChannel.open(directory, StandardOpenOption.READ)) {
            directoryChannel.force(true);
        }
    }

    /** Waits for a write to finish; an interrupt meanwhile is kept for the caller, not obeyed. */
    private static void await(Future<Integer> write) throws IOException {
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    write.get();
                    return;
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        } catch (ExecutionException e) {
            throw e.getCause() instanceof IOException cause ? cause : new IOException(e.getCause());
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private static void removeQuietly(Path temporary) {
        try {
            Files.deleteIfExists(temporary);
        } catch (IOException e) {
            // The failure of the write itself is what the operator needs to read.
        }
    }
}
