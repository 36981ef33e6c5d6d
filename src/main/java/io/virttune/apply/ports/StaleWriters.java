package io.virttune.apply.ports;

import io.virttune.IoErrors;
import io.virttune.VirtTuneException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The processes that have an LV (or any file) open for writing, read from {@code /proc/PID/fd} and
 * {@code fdinfo}.
 */
public final class StaleWriters {
    private static final int S_IFMT = 0170000;
    private static final int S_IFBLK = 0060000;
    private static final int O_ACCMODE = 03;
    /** How much of a command line a message shows: libvirt gives QEMU kilobytes of it, and the pid finds the rest. */
    private static final int COMMAND_SHOWN = 100;

    /** One process holding the file open for writing. */
    public record Writer(long pid, String command) {}

    private final Path proc;

    public StaleWriters() {
        this(Path.of("/proc"));
    }

    StaleWriters(Path proc) {
        this.proc = proc;
    }

    /** Every process with {@code path} open for writing, by pid; empty when the file does not exist. */
    public List<Writer> of(String path) {
        Optional<Object> target = identity(Path.of(path));
        if (target.isEmpty()) {
            return List.of();
        }
        List<Writer> writers = new ArrayList<>();
        try (DirectoryStream<Path> processes = Files.newDirectoryStream(proc, "[0-9]*")) {
            for (Path process : processes) {
                if (writes(process, target.get())) {
                    writers.add(new Writer(Long.parseLong(process.getFileName().toString()), command(process)));
                }
            }
        } catch (IOException e) {
            throw IoErrors.failed("list the processes in", proc, e);
        }
        writers.sort((a, b) -> Long.compare(a.pid(), b.pid()));
        return writers;
    }

    /** Refuses, naming each writer and what to do, when any process has {@code path} open for writing. */
    public void requireNone(String path, String domain) {
        List<Writer> writers = of(path);
        if (!writers.isEmpty()) {
            throw VirtTuneException.refused(
                    "Refusing to go on with '" + domain + "': " + path + " is open for writing by "
                            + describe(writers)
                            + ", maybe a copy left running by the interrupted apply (rule: nothing else writes an LV virt-tune"
                            + " is about to write or remove). Find out what it is, stop it (kill PID), then run again.");
        }
    }

    /**
     * {@code writers} as an operator reads them: {@code pid 4242 (dd if=/dev/zero of=...), ...}, each
     * command by its start, which names the program and, for a guest's QEMU, the guest.
     */
    public static String describe(List<Writer> writers) {
        return writers.stream()
                .map(writer -> "pid " + writer.pid() + " ("
                        + (writer.command().length() > COMMAND_SHOWN
                                ? writer.command().substring(0, COMMAND_SHOWN) + " ..."
                                : writer.command())
                        + ")")
                .collect(Collectors.joining(", "));
    }

    // A process that ends, or closes the file, while it is read is simply not a writer.
    private static boolean writes(Path process, Object target) {
        try (DirectoryStream<Path> descriptors = Files.newDirectoryStream(process.resolve("fd"))) {
            for (Path descriptor : descriptors) {
                if (identity(descriptor).filter(target::equals).isPresent()
                        && openForWriting(process.resolve("fdinfo").resolve(descriptor.getFileName()))) {
                    return true;
                }
            }
        } catch (IOException e) {
            return false;
        }
        return false;
    }

    /** A block device's device number, else the file's device and inode; following links, as open does. */
    private static Optional<Object> identity(Path path) {
        try {
            int mode = (Integer) Files.getAttribute(path, "unix:mode");
            if ((mode & S_IFMT) == S_IFBLK) {
                return Optional.of("block " + Files.getAttribute(path, "unix:rdev"));
            }
            return Optional.ofNullable(
                    Files.readAttributes(path, BasicFileAttributes.class).fileKey());
        } catch (IOException | UnsupportedOperationException e) {
            return Optional.empty();
        }
    }

    /** fdinfo's {@code flags:} line is the open flags in octal; the two lowest bits say read, write or both. */
    private static boolean openForWriting(Path fdinfo) {
        try {
            return Files.readAllLines(fdinfo, StandardCharsets.UTF_8).stream()
                    .filter(line -> line.startsWith("flags:"))
                    .map(line ->
                            Integer.parseInt(line.substring("flags:".length()).strip(), 8))
                    .anyMatch(flags -> (flags & O_ACCMODE) != 0);
        } catch (IOException e) {
            return false;
        }
    }

    private static String command(Path process) {
        try {
            return new String(Files.readAllBytes(process.resolve("cmdline")), StandardCharsets.UTF_8)
                    .replace('\0', ' ')
                    .strip();
        } catch (IOException e) {
            return "?";
        }
    }
}
