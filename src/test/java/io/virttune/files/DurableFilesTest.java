package io.virttune.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.ExitCode;
import io.virttune.VirtTuneException;
import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Writers of one file at once (two commands' journals, two jobs') each leave it whole, never torn,
 * and a failure says what state the file is in.
 */
class DurableFilesTest {
    @TempDir
    Path temp;

    @Test
    void concurrentWritersOfOneFileNeverTearItNorFail() throws Exception {
        Path file = temp.resolve("journal.json");
        List<String> contents = new ArrayList<>();
        for (int writer = 0; writer < 4; writer++) {
            contents.add(String.valueOf((char) ('a' + writer)).repeat(64 * 1024));
        }
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<?>> writes = new ArrayList<>();
            for (String content : contents) {
                writes.add(pool.submit(() -> {
                    for (int i = 0; i < 100; i++) {
                        DurableFiles.write(file, content);
                        String read = Files.readString(file);
                        assertTrue(contents.contains(read), "a torn file of " + read.length() + " characters");
                    }
                    return null;
                }));
            }
            for (Future<?> write : writes) {
                write.get();
            }
        } finally {
            pool.shutdownNow();
        }
        try (Stream<Path> left = Files.list(temp)) {
            assertEquals(List.of(file), left.toList(), "no temporary file is left behind");
        }
    }

    /**
     * The directory's fsync after the rename failing (the file system's I/O error) fails the write
     * still, for the rename may not survive a crash, but says the file is written and in place: the
     * failure said it could not write the file, and an operator looking found it there, new.
     */
    @Test
    void aDirectoryFsyncFailingAfterTheRenameSaysTheFileIsInPlaceButItsRenameNotDurable() throws Exception {
        Path file = temp.resolve("journal.json");

        VirtTuneException failure = assertThrows(
                VirtTuneException.class,
                () -> DurableFiles.write(file, "{\"entries\": []}", "write", directory -> {
                    throw new FileSystemException(directory.toString(), null, "Input/output error");
                }));

        assertEquals(ExitCode.FAILED, failure.exitCode());
        assertEquals(
                file + " is written and in place, but its rename is not confirmed durable: fsync of its directory "
                        + temp + " failed (Input/output error), and a crash of the host may yet undo it, bringing"
                        + " back the old file or none. Check that file system's health (dmesg); once it is sound,"
                        + " sync -f " + temp + " makes the rename durable.",
                failure.getMessage());
        assertEquals("{\"entries\": []}", Files.readString(file));
        try (Stream<Path> left = Files.list(temp)) {
            assertEquals(List.of(file), left.toList(), "no temporary file is left behind");
        }
    }

    /**
     * A thread interrupted before it journals (a job cut short, a wait given up) still writes the
     * journal whole, and keeps its interrupt for the code above: an interruptible channel closed at
     * once, and the journal missed the step.
     */
    @Test
    void anInterruptedWriterStillWritesTheFileAndKeepsItsInterrupt() throws Exception {
        Path file = temp.resolve("journal.json");
        boolean interruptKept;
        Thread.currentThread().interrupt();
        try {
            DurableFiles.write(file, "{\"entries\": []}");
        } finally {
            interruptKept = Thread.interrupted();
        }

        assertTrue(interruptKept, "the interrupt is the caller's to act on");
        assertEquals("{\"entries\": []}", Files.readString(file));
    }
    /**
     * An interrupt that arrives while the file is written (a job cancelled mid-write) does not cut it
     * either: the directory's fsync after the rename went through an interruptible channel, which
     * closed, and the caller was told the journal was not written when it was. The interrupts keep
     * coming from before the write starts until the rename has made the file current, so one of them
     * lands after any clearing of the flag the write does at its start; 16 MiB keep it writing long.
     */
    @Test
    void aWriterInterruptedWhileItWritesStillWritesTheFileAndKeepsItsInterrupt() throws Exception {
        Path file = temp.resolve("journal.json");
        String content = "x".repeat(16 * 1024 * 1024);
        Thread writer = Thread.currentThread();
        AtomicBoolean interrupting = new AtomicBoolean();
        Thread interrupter = new Thread(() -> {
            do {
                writer.interrupt();
                interrupting.set(true);
            } while (!Files.exists(file));
        });
        interrupter.start();
        boolean interruptKept = false;
        try {
            while (!interrupting.get()) {
                Thread.onSpinWait();
            }
            DurableFiles.write(file, content);
        } finally {
            // Joined before the flag is read: the interrupter's last interrupt may still be on its way.
            while (interrupter.isAlive()) {
                try {
                    interrupter.join();
                } catch (InterruptedException e) {
                    interruptKept = true;
                }
            }
            interruptKept |= Thread.interrupted();
        }

        assertTrue(interruptKept, "the interrupt is the caller's to act on");
        assertEquals(content, Files.readString(file));
    }

    /**
     * In a directory others can write, a symlink swapped in at the temporary file's name is never
     * followed: the file was made and then opened again by name, and a swap between the two steps
     * had the write truncate and fill the file the link named. A second thread swaps a link in
     * whenever the temporary file is there; a write it spoils may fail, but no file outside is
     * written. With the two steps apart, the link was followed within 400 writes in 20 runs of 20.
     */
    @Test
    void aSymlinkSwappedInAtTheTemporaryNameIsNeverFollowed() throws Exception {
        Path file = temp.resolve("journal.json");
        Path victim = temp.resolve("victim");
        String victimContent = "not the journal's";
        Files.writeString(victim, victimContent);
        // The name DurableFiles gives this process's and thread's temporary file.
        Path temporary = temp.resolve(".journal.json." + ProcessHandle.current().pid() + "."
                + Thread.currentThread().getId() + ".tmp");
        AtomicBoolean done = new AtomicBoolean();
        Thread swapper = new Thread(() -> {
            while (!done.get()) {
                try {
                    Files.delete(temporary);
                    Files.createSymbolicLink(temporary, victim);
                } catch (IOException e) {
                    // Mostly no temporary file to swap yet; the swapper tries again at once.
                }
            }
        });
        swapper.start();
        try {
            for (int write = 0; write < 1000 && Files.readString(victim).equals(victimContent); write++) {
                try {
                    DurableFiles.write(file, "{\"write\": " + write + "}");
                } catch (VirtTuneException e) {
                    // A write the swap spoiled fails; writing where the link points would be the harm.
                }
            }
        } finally {
            done.set(true);
            swapper.join();
        }

        assertEquals(victimContent, Files.readString(victim));
    }
}
