package io.virttune.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * virt-tune run from its jar as a process group of its own, stopped with SIGSTOP right after its
 * Nth journal write: the rename that makes a journal file under the state directory current
 * (DurableFiles writes a temporary sibling and renames it over). The counting is done by
 * src/test/native/journal-stop.c, preloaded; no hook in the product. strace's
 * {@code -e inject=rename:signal=STOP:when=N} does the same, but ptrace inside User-Mode Linux
 * made an apply of 10 s take 4 minutes.
 */
public final class StoppedApply {
    private static final Path LIBRARY = Path.of("target/journal-stop.so").toAbsolutePath();

    private final Process process;
    private final Path writes;
    private final Path output;

    private StoppedApply(Process process, Path writes, Path output) {
        this.process = process;
        this.writes = writes;
        this.output = output;
    }

    /** Starts {@code virt-tune ARGS}, to be stopped after journal write {@code stopAfter} (0: never). */
    public static StoppedApply start(Path work, Path stateDirectory, int stopAfter, String... args) {
        return start(work, stateDirectory, stopAfter, "", args);
    }

    /** Starts {@code virt-tune ARGS}, to be stopped after the first journal write that holds {@code text}. */
    public static StoppedApply startUntilJournalHolds(Path work, Path stateDirectory, String text, String... args) {
        return start(work, stateDirectory, 0, text, args);
    }

    private static StoppedApply start(Path work, Path stateDirectory, int stopAfter, String match, String... args) {
        Path jar = Path.of("target/virt-tune.jar");
        if (!Files.exists(jar)) {
            throw new AssertionError("build the jar first (mvn package)");
        }
        compile();
        Path writes = work.resolve("journal-writes.log");
        Path output = work.resolve("apply.log");
        // setsid: apply is a process group of its own, as under an operator's shell.
        List<String> argv = new ArrayList<>(
                List.of("setsid", "java", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-jar", jar.toString()));
        argv.addAll(List.of(args));
        try {
            try (var old = Files.list(work)) {
                for (Path file : old.filter(f -> f.getFileName()
                                .toString()
                                .startsWith(writes.getFileName().toString()))
                        .toList()) {
                    Files.delete(file);
                }
            }
            ProcessBuilder builder =
                    new ProcessBuilder(argv).redirectErrorStream(true).redirectOutput(output.toFile());
            builder.environment().put("LD_PRELOAD", LIBRARY.toString());
            builder.environment()
                    .put("VT_STOP_STATE", stateDirectory.toAbsolutePath().toString());
            builder.environment().put("VT_STOP_LOG", writes.toString());
            builder.environment().put("VT_STOP_AT", Integer.toString(stopAfter));
            builder.environment().put("VT_STOP_MATCH", match);
            return new StoppedApply(builder.start(), writes, output);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static synchronized void compile() {
        Path source = Path.of("src/test/native/journal-stop.c");
        if (!Files.exists(LIBRARY) || modified(source) > modified(LIBRARY)) {
            Lab.sh(
                    "gcc",
                    "-shared",
                    "-fPIC",
                    "-O2",
                    "-Wall",
                    "-o",
                    LIBRARY.toString(),
                    "src/test/native/journal-stop.c",
                    "-ldl");
        }
    }

    private static long modified(Path file) {
        try {
            return Files.getLastModifiedTime(file).toMillis();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** True once apply stopped at its boundary; false if it ended first. */
    public boolean awaitStopped() {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(300);
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                return false;
            }
            if (state().equals("T")) {
                return true;
            }
            pause();
        }
        throw new AssertionError("apply neither stopped nor ended within 300 s:\n" + read(output));
    }

    private String state() {
        String stat = read(Path.of("/proc/" + process.pid() + "/stat"));
        return stat.isEmpty() ? "" : stat.substring(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    }

    /** How many journal writes apply made so far. */
    public int journalWrites() {
        return (int) read(writes).lines().count();
    }

    /** What journal write {@code n} made current (a copy taken right after it), empty if there was none. */
    public String written(int n) {
        return read(writes.resolveSibling(writes.getFileName() + "." + n));
    }

    /** The journal writes so far, numbered, for a failure message. */
    public String renames() {
        return read(writes);
    }

    /** Sends {@code signal} to apply's whole process group (the JVM and the commands it runs). */
    public void signal(String signal) {
        ProcessGroups.signal(process.pid(), signal);
    }

    /** Waits until apply and every process of its group have ended; returns what it printed. */
    public String awaitEnd() {
        try {
            if (!process.waitFor(600, TimeUnit.SECONDS)) {
                throw new AssertionError("apply did not end within 600 s:\n" + read(output));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        ProcessGroups.awaitGone(process.pid());
        return read(output);
    }

    private static String read(Path file) {
        try {
            return Files.exists(file) ? Files.readString(file) : "";
        } catch (IOException e) {
            return "";
        }
    }

    private static void pause() {
        try {
            Thread.sleep(50);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
