package io.virttune.apply.journal;

import io.virttune.IoErrors;
import io.virttune.VirtTuneException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Keeps a second virt-tune off a domain while one applies or rolls it back (an operator whose
 * connection dropped runs --resume while the first run goes on there): an exclusive lock on a
 * file in the domain's state directory, held for the run and dropped by the kernel when the
 * process ends, however it ends.
 */
public final class DomainLock implements StateDirectory.Held {
    private final FileChannel channel;
    private final FileLock lock;

    private DomainLock(FileChannel channel, FileLock lock) {
        this.channel = channel;
        this.lock = lock;
    }

    /** Takes the lock in {@code file} for {@code domain}, or refuses, naming the run that holds it. */
    public static DomainLock take(Path file, String domain, String now) {
        try {
            FileChannel channel = FileChannel.open(
                    file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
            FileLock lock = tryLock(channel, false);
            if (lock == null) {
                channel.close();
                throw heldBy(file, domain);
            }
            channel.truncate(0);
            channel.write(
                    ByteBuffer.wrap(("pid " + ProcessHandle.current().pid() + ", since " + now + "\n")
                            .getBytes(StandardCharsets.UTF_8)),
                    0);
            channel.force(false);
            return new DomainLock(channel, lock);
        } catch (IOException e) {
            throw IoErrors.failed("lock the state of '" + domain + "' in", file, e);
        }
    }

    /**
     * Refuses as {@link #take} would while another run holds {@code file}, without writing to it:
     * a shared lock, taken and dropped at once, conflicts with the holder's exclusive one.
     */
    static void requireFree(Path file, String domain) {
        if (!Files.exists(file)) {
            return;
        }
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            FileLock probe = tryLock(channel, true);
            if (probe == null) {
                throw heldBy(file, domain);
            }
            probe.release();
        } catch (IOException e) {
            throw IoErrors.failed("read the lock of '" + domain + "' in", file, e);
        }
    }

    private static VirtTuneException heldBy(Path file, String domain) throws IOException {
        String holder = Files.readString(file, StandardCharsets.UTF_8).strip();
        return VirtTuneException.refused("another virt-tune is still running on '" + domain + "' here"
                + (holder.isEmpty() ? "" : " (" + holder + ")") + ": wait for it to end, then run this again");
    }

    /** null when held: by another process, or by another run in this one. */
    private static FileLock tryLock(FileChannel channel, boolean shared) throws IOException {
        try {
            return channel.tryLock(0, Long.MAX_VALUE, shared);
        } catch (OverlappingFileLockException e) {
            return null;
        }
    }

    /** Releases the lock; the file stays, as removing it would let a third run lock another file of that name. */
    @Override
    public void close() {
        try {
            lock.release();
            channel.close();
        } catch (IOException e) {
            // The kernel drops the lock with the descriptor; nothing is left to undo.
        }
    }
}
