package io.virttune.process;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.function.Consumer;

/**
 * Replays recorded command results in order and remembers every argv it was given. {@code ssh -G}
 * (which reads this machine's ssh configuration and connects nowhere) is answered apart, with
 * ssh's defaults unless {@link #sshConfiguration} says otherwise, and kept out of {@link
 * #commands}, so that a test sees the commands that reach a host.
 */
public final class ScriptedProcessRunner implements ProcessRunner {
    private record Reply(int exitCode, String stdout, String stderr) {}

    /** What {@code ssh -G} prints of keepalives when no configuration sets them. */
    private static final String SSH_DEFAULTS = "serveraliveinterval 0\nserveralivecountmax 3\n";

    private final Deque<Reply> replies = new ArrayDeque<>();
    private final List<List<String>> commands = new ArrayList<>();
    private final List<String> inputs = new ArrayList<>();
    private final List<List<String>> sshConfigurationQueries = new ArrayList<>();
    private String sshConfiguration = SSH_DEFAULTS;
    private Consumer<List<String>> observer = argv -> {};

    /** Calls {@code observer} with each argv as it runs: what else is true at that moment. */
    public ScriptedProcessRunner observe(Consumer<List<String>> observer) {
        this.observer = observer;
        return this;
    }

    /** What {@code ssh -G} prints here: the operator's configuration as ssh evaluates it. */
    public ScriptedProcessRunner sshConfiguration(String output) {
        sshConfiguration = output;
        return this;
    }

    /** Each {@code ssh -G} asked, in order. */
    public List<List<String>> sshConfigurationQueries() {
        return sshConfigurationQueries;
    }

    public ScriptedProcessRunner reply(int exitCode, String stdout, String stderr) {
        replies.add(new Reply(exitCode, stdout, stderr));
        return this;
    }

    public ScriptedProcessRunner succeed(String stdout) {
        return reply(0, stdout, "");
    }

    public ScriptedProcessRunner fail(int exitCode, String stderr) {
        return reply(exitCode, "", stderr);
    }

    public List<List<String>> commands() {
        return commands;
    }

    /** Each argv's stdin, in order: what {@link #feed} was given, empty for {@link #run}. */
    public List<String> inputs() {
        return inputs;
    }

    @Override
    public ProcessResult feed(List<String> argv, String input, Consumer<String> stderrLines) {
        ProcessResult result = run(argv, line -> {});
        inputs.set(inputs.size() - 1, input);
        result.stderr().lines().forEach(stderrLines);
        return result;
    }

    @Override
    public ProcessResult run(List<String> argv, Consumer<String> stdoutLines) {
        if (argv.size() > 1 && argv.get(1).equals("-G")) {
            sshConfigurationQueries.add(List.copyOf(argv));
            return new ProcessResult(argv, 0, sshConfiguration, "");
        }
        inputs.add("");
        commands.add(List.copyOf(argv));
        observer.accept(commands.get(commands.size() - 1));
        Reply reply = replies.poll();
        if (reply == null) {
            throw new AssertionError("unexpected command: " + argv);
        }
        // Split as the local runner does, so progress parsing sees real '\r'-separated lines.
        reply.stdout()
                .lines()
                .flatMap(l -> List.of(l.split("\r")).stream())
                .filter(l -> !l.isEmpty())
                .forEach(stdoutLines);
        return new ProcessResult(argv, reply.exitCode(), reply.stdout(), reply.stderr());
    }
}
