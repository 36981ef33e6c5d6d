package io.virttune.text;

import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Durations as operators write and read them: {@code 4h}, {@code 1h30m}, {@code 90m}, {@code 45s};
 * and as a progress meter's clock counts them, {@code 1:30}.
 */
public final class Durations {
    private static final Pattern TEXT = Pattern.compile("(?:(\\d+)h)?(?:(\\d+)m)?(?:(\\d+)s?)?");

    private Durations() {}

    /** {@code text} as a duration; empty when it is none, or zero. */
    public static Optional<Duration> parse(String text) {
        Matcher matcher = TEXT.matcher(text.trim().toLowerCase(Locale.ROOT));
        if (text.isBlank() || !matcher.matches()) {
            return Optional.empty();
        }
        long seconds = part(matcher, 1) * 3600 + part(matcher, 2) * 60 + part(matcher, 3);
        return seconds > 0 ? Optional.of(Duration.ofSeconds(seconds)) : Optional.empty();
    }

    private static long part(Matcher matcher, int group) {
        return matcher.group(group) == null ? 0 : Long.parseLong(matcher.group(group));
    }

    /** {@code seconds} rounded up to a whole second: {@code 2h05m}, {@code 4m07s}, {@code 12s}. */
    public static String format(double seconds) {
        long whole = (long) Math.ceil(seconds);
        if (whole >= 3600) {
            long minutes = (whole + 59) / 60;
            return String.format(Locale.ROOT, "%dh%02dm", minutes / 60, minutes % 60);
        }
        if (whole >= 60) {
            return String.format(Locale.ROOT, "%dm%02ds", whole / 60, whole % 60);
        }
        return whole + "s";
    }

    /**
     * {@code seconds} as a progress meter's clock shows the time taken and left, {@code m:ss}:
     * {@code 0:05}, {@code 1:30}, {@code 75:00}; its minutes are not carried into hours, so that a
     * meter's width holds still as it counts.
     */
    public static String clock(long seconds) {
        return String.format(Locale.ROOT, "%d:%02d", seconds / 60, seconds % 60);
    }
}
