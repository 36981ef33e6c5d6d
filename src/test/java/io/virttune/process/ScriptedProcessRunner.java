package io.virttune.process;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Answers each command with the standing {@link #answer} that matches it, else with the next
 * recorded result in order, and remembers every argv it was given. {@code ssh -G}
 * (which reads this machine's ssh configuration and connects nowhere) is answered apart, with
 * ssh's defaults unless {@link #sshConfiguration} says otherwise, and kept out of {@link
 * #commands}, so that a test sees the commands that reach a host.
 */
public final class ScriptedProcessRunner implements ProcessRunner {
    private record Reply(int exitCode, String stdout, String stderr, Runnable effect) {}

    /** What {@code ssh -G} prints of keepalives when no configuration sets them. */
    private static final String SSH_DEFAULTS = "serveraliveinterval 0\nserveralivecountmax 3\n";

    private final Deque<Reply> replies = new ArrayDeque<>();
    private final StandingAnswers answers = new StandingAnswers();
    private final List<List<String>> commands = new ArrayList<>();
    private final List<String> inputs = new ArrayList<>();
    private final List<Optional<Duration>> limits = new ArrayList<>();
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

    /** Argv that begin with {@code words}: a matcher for {@link #answer}. */
    public static Predicate<List<String>> command(String... words) {
        return argv ->
                argv.size() >= words.length && argv.subList(0, words.length).equals(List.of(words));
    }

    /**
     * Answers every command {@code command} matches with success and {@code stdout}, computed as
     * the command runs, until a later answer for it replaces this one: for reads, whose order is
     * not the point. The recorded results in order then answer only the commands no answer matches.
     */
    public ScriptedProcessRunner answer(Predicate<List<String>> command, Function<List<String>, String> stdout) {
        answers.add(command, argv -> new ProcessResult(argv, 0, stdout.apply(argv), ""));
        return this;
    }

    /** As {@link #answer}, ending every command {@code command} matches with {@code exitCode} and the stdout computed. */
    public ScriptedProcessRunner answer(
            Predicate<List<String>> command, int exitCode, Function<List<String>, String> stdout) {
        answers.add(command, argv -> new ProcessResult(argv, exitCode, stdout.apply(argv), ""));
        return this;
    }

    /** As {@link #answer}, failing every command {@code command} matches with {@code exitCode} and {@code stderr}. */
    public ScriptedProcessRunner answerFailure(Predicate<List<String>> command, int exitCode, String stderr) {
        answers.add(command, argv -> new ProcessResult(argv, exitCode, "", stderr));
        return this;
    }

    public ScriptedProcessRunner reply(int exitCode, String stdout, String stderr) {
        replies.add(new Reply(exitCode, stdout, stderr, () -> {}));
        return this;
    }

    public ScriptedProcessRunner succeed(String stdout) {
        return reply(0, stdout, "");
    }

    /** Succeeds with {@code stdout}, running {@code effect} as it does: what the command changed, as answers see it. */
    public ScriptedProcessRunner succeed(String stdout, Runnable effect) {
        replies.add(new Reply(0, stdout, "", effect));
        return this;
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

    /** Each argv's limit, in order: what {@link #run(List, Duration)} was given, empty for the others. */
    public List<Optional<Duration>> limits() {
        return limits;
    }

    /** Answers as {@link #run} does: a scripted answer never outlives a limit. */
    @Override
    public ProcessResult run(List<String> argv, Duration limit) {
        return answer(argv, line -> {}, Optional.of(limit));
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
        return answer(argv, stdoutLines, Optional.empty());
    }

    /** One command at a time, as code under test may run several at once (a verify's windows). */
    private synchronized ProcessResult answer(
            List<String> argv, Consumer<String> stdoutLines, Optional<Duration> limit) {
        if (argv.size() > 1 && argv.get(1).equals("-G")) {
            sshConfigurationQueries.add(List.copyOf(argv));
            return new ProcessResult(argv, 0, sshConfiguration, "");
        }
        inputs.add("");
        limits.add(limit);
        commands.add(List.copyOf(argv));
        observer.accept(commands.get(commands.size() - 1));
        ProcessResult result = answers.answer(argv).orElseGet(() -> nextReply(argv));
        // Split as the local runner does, so progress parsing sees real '\r'-separated lines.
        result.stdout()
                .lines()
                .flatMap(l -> List.of(l.split("\r")).stream())
                .filter(l -> !l.isEmpty())
                .forEach(stdoutLines);
        return result;
    }

    private ProcessResult nextReply(List<String> argv) {
        Reply reply = replies.poll();
        if (reply == null) {
            throw new AssertionError("unexpected command: " + argv);
        }
        reply.effect().run();
        return new ProcessResult(argv, reply.exitCode(), reply.stdout(), reply.stderr());
    }
}
