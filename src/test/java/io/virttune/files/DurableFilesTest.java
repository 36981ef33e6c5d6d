package io.virttune.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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

/** Writers of one file at once (two commands' journals, two jobs') each leave it whole, never torn. */
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
}
