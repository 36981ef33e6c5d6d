package io.virttune.apply.live;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * One pause for a pivot, from the suspend's call to the resume's return, timed part by part as each
 * ends: what the pause line says, so that where a pause went can be read off apply's output.
 */
final class PauseParts {
    private record Part(String name, long millis) {}

    private final Clock clock;
    private final Instant start;
    private Instant last;
    private final List<Part> parts = new ArrayList<>();

    /** A pause starting now, as {@code clock} tells it. */
    PauseParts(Clock clock) {
        this.clock = clock;
        this.start = clock.instant();
        this.last = start;
    }

    /** The part {@code name}, from the end of the one before (or the pause's start) to now, is over. */
    void ended(String name) {
        Instant now = clock.instant();
        parts.add(new Part(name, Duration.between(last, now).toMillis()));
        last = now;
    }

    /** From the start to the end of the last part. */
    long millis() {
        return Duration.between(start, last).toMillis();
    }

    /** The parts in order, each with its milliseconds: {@code suspend 12, pivot 40, resume 9 ms}. */
    @Override
    public String toString() {
        List<String> each =
                parts.stream().map(part -> part.name() + " " + part.millis()).toList();
        return String.join(", ", each) + " ms";
    }
}
