package io.virttune.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/** Process groups as a lab test sees them in /proc: who is in one, and waiting until none is left. */
public final class ProcessGroups {
    private ProcessGroups() {}

    /**
     * A killed qemu-img in the middle of a direct write to an LV dies only when that write returns,
     * and holds its image lock until then: an operator resumes once the killed run is gone, and so
     * does a test. Also the proof that no child outlives the kill.
     */
    public static void awaitGone(long group) {
        List<String> survivors = List.of();
        for (int i = 0; i < 240; i++) {
            survivors = liveMembers(group);
            if (survivors.isEmpty()) {
                return;
            }
            pause(250);
        }
        throw new AssertionError("processes of the killed apply still run after 60 s: " + survivors);
    }

    /** The /proc/PID/stat lines of a process group's members that have not exited (zombies hold no files). */
    public static List<String> liveMembers(long group) {
        return processes(fields -> fields[2].equals(Long.toString(group)) && !fields[0].equals("Z"));
    }

    /** Sends {@code signal} (e.g. "KILL") to every member of a process group. */
    public static void signal(long group, String signal) {
        Lab.sh("kill", "-" + signal, "--", "-" + group);
    }

    private static List<String> processes(java.util.function.Predicate<String[]> match) {
        try (var entries = Files.list(Path.of("/proc"))) {
            return entries.filter(dir -> dir.getFileName().toString().matches("\\d+"))
                    .map(dir -> {
                        try {
                            String stat = Files.readString(dir.resolve("stat"));
                            // After the command's name in parentheses: state, ppid, pgrp, ...
                            String[] fields =
                                    stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                            return match.test(fields) ? stat : null;
                        } catch (IOException gone) {
                            return null;
                        }
                    })
                    .filter(Objects::nonNull)
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void pause(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
