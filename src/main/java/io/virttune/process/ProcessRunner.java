package io.virttune.process;

import java.time.Duration;
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
     * Runs argv as {@link #run} does, but kills it, with every command it started (its process
     * group), once it has run for {@code limit}, and then throws {@link CommandTimedOut} naming it
     * and the limit. For a read that may wait forever on something outside the host's own tools:
     * {@code ansible-inventory}, whose inventory plugins and scripts ask services over the network.
     *
     * <p>The other commands take none, on purpose. {@code lvm} runs to its end (see the package's
     * Javadoc), and an {@code lvs} waiting on a VG's lock waits for another LVM command that is
     * changing the VG and will end; cutting it short would fail an apply midway for a wait that is
     * LVM doing its job. {@code qemu-img info} of an image on a hung NFS mount would be freed by a
     * limit, and inspect would end with an error instead of waiting; but no limit tells a hung
     * mount from slow healthy storage, and apply would meet the same mount in its copy next, so it
     * takes none until a case shows which limit is safe. Over SSH the limit stops the
     * local ssh; the remote command gets no signal (there is no terminal) and ends when it next
     * writes to its closed output.
     *
     * <p>Every runner offers it: one that starts commands or hands them on passes the limit along.
     */
    ProcessResult run(List<String> argv, Duration limit);

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
