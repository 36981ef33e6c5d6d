package io.virttune.process;

import java.util.List;
import java.util.function.Consumer;

/**
 * The one door through which virt-tune runs external commands: an argv in (never a shell string),
 * a {@link ProcessResult} out. A missing program yields exit code {@link ProcessResult#NOT_FOUND}.
 */
public interface ProcessRunner {

    /**
     * Runs argv to completion. Each line of stdout (split on '\n' or '\r', so progress meters that
     * redraw one line arrive as they are drawn) is also given to {@code stdoutLines} as it appears.
     */
    ProcessResult run(List<String> argv, Consumer<String> stdoutLines);

    default ProcessResult run(List<String> argv) {
        return run(argv, line -> {});
    }

    /**
     * Runs argv as {@link #run} does, with {@code input} on its stdin: how a document reaches a
     * command on another host. Each line of stderr is also given to {@code stderrLines} as it
     * appears: that command's progress.
     */
    ProcessResult feed(List<String> argv, String input, Consumer<String> stderrLines);

    default ProcessResult feed(List<String> argv, String input) {
        return feed(argv, input, line -> {});
    }

    /**
     * Runs a command that changes the host, or one that reads what such a command just wrote (the
     * compare of a copy): the adapters call this, and {@link #run} only for commands that read. A
     * dry run's runner prints these instead of running them.
     */
    default ProcessResult act(List<String> argv, Consumer<String> stdoutLines) {
        return run(argv, stdoutLines);
    }

    default ProcessResult act(List<String> argv) {
        return act(argv, line -> {});
    }
}
