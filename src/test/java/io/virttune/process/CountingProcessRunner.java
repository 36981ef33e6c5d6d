package io.virttune.process;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/** A runner that remembers each command it passes on, for a test to count what reached a host. */
public final class CountingProcessRunner implements ProcessRunner {
    private final List<List<String>> commands = new ArrayList<>();
    private final ProcessRunner inner;

    public CountingProcessRunner(ProcessRunner inner) {
        this.inner = inner;
    }

    /** Every command passed on so far, in order. */
    public List<List<String>> commands() {
        return List.copyOf(commands);
    }

    @Override
    public ProcessResult run(List<String> argv, Duration limit) {
        commands.add(argv);
        return inner.run(argv, limit);
    }

    @Override
    public ProcessResult run(List<String> argv, Consumer<String> stdoutLines) {
        commands.add(argv);
        return inner.run(argv, stdoutLines);
    }

    @Override
    public ProcessResult feed(List<String> argv, String input, Consumer<String> stderrLines) {
        commands.add(argv);
        return inner.feed(argv, input, stderrLines);
    }
}
