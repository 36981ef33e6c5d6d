package io.virttune.process;

import io.virttune.IoErrors;
import io.virttune.VirtTuneException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.LongFunction;

/**
 * A host's processes as {@code /proc/PID/stat} shows them: the one judge of whether a recorded
 * process still runs (the same pid and the same start time; a record without one by its pid alone).
 */
public final class ProcessTable {
    /** Field 22 of stat, counted from 1; the fields after the command's closing parenthesis start at 3. */
    private static final int START_TIME = 22 - 3;

    private static final ProcessTable HERE = new ProcessTable(ProcessTable::readHere);

    private final LongFunction<Optional<String>> stat;

    /** A host's table read through {@code stat}: a pid's stat line, empty when no such process runs. */
    public ProcessTable(LongFunction<Optional<String>> stat) {
        this.stat = stat;
    }

    /** This machine's processes. */
    public static ProcessTable here() {
        return HERE;
    }

    /** This virt-tune, as its custody records name it. */
    public static ProcessIdentity current() {
        long pid = ProcessHandle.current().pid();
        return HERE.find(pid)
                .orElseThrow(
                        () -> VirtTuneException.failed("/proc/" + pid + "/stat, this virt-tune's, does not exist"));
    }

    /** The process {@code pid} that runs now, with its start time; empty when none has that pid. */
    public Optional<ProcessIdentity> find(long pid) {
        return stat.apply(pid).map(line -> ProcessIdentity.of(pid, startTicks(line)));
    }

    /** Whether {@code recorded} still runs: a process with its pid runs, and started when it did. */
    public boolean runs(ProcessIdentity recorded) {
        Optional<ProcessIdentity> now = find(recorded.pid());
        if (now.isEmpty()) {
            return false;
        }
        OptionalLong started = recorded.startTicks();
        // A pid is given again once its process ends: only the start time tells the two apart.
        return started.isEmpty() || started.equals(now.get().startTicks());
    }

    /** The start time in a stat line; the command's name before it may hold spaces and parentheses. */
    static long startTicks(String line) {
        String[] fields = line.substring(line.lastIndexOf(')') + 2).strip().split(" ");
        return Long.parseLong(fields[START_TIME]);
    }

    private static Optional<String> readHere(long pid) {
        Path file = Path.of("/proc", Long.toString(pid), "stat");
        try {
            return Optional.of(Files.readString(file));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException e) {
            // A process that ends while its stat is read fails the read (ESRCH) rather than the open.
            if (!Files.exists(file.getParent())) {
                return Optional.empty();
            }
            throw IoErrors.failed("read", file, e);
        }
    }
}
