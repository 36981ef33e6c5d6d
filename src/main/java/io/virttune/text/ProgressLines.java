package io.virttune.text;

import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;

/** One task's progress as a log shows it: a line each time it passes a tenth, with the time so far and the time left. */
public final class ProgressLines {
    private int lastTenth = -1;

    /** The line for {@code percent} done after {@code seconds}, when it passes a tenth not shown yet. */
    public Optional<String> next(String label, double percent, long seconds, OptionalLong secondsLeft) {
        int tenth = (int) (Math.max(0, Math.min(100, percent)) / 10);
        if (tenth <= lastTenth) {
            return Optional.empty();
        }
        lastTenth = tenth;
        return Optional.of(String.format(Locale.ROOT, "%s %3d%% after %s", label, tenth * 10, Durations.clock(seconds))
                + (secondsLeft.isPresent() ? ", about " + Durations.clock(secondsLeft.getAsLong()) + " left" : ""));
    }
}
