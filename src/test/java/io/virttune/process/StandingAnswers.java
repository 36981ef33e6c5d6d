package io.virttune.process;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;

/** Answers to commands by what they are, not by when they run: the newest answer matching an argv gives its result. */
final class StandingAnswers {
    private record Answer(Predicate<List<String>> command, Function<List<String>, ProcessResult> result) {}

    /** Newest first, so that a later answer for a command replaces an earlier one. */
    private final Deque<Answer> answers = new ArrayDeque<>();

    void add(Predicate<List<String>> command, Function<List<String>, ProcessResult> result) {
        answers.push(new Answer(command, result));
    }

    /** The result of the newest answer for {@code argv}, computed now; empty when no answer matches it. */
    Optional<ProcessResult> answer(List<String> argv) {
        return answers.stream()
                .filter(answer -> answer.command().test(argv))
                .findFirst()
                .map(answer -> answer.result().apply(argv));
    }
}
