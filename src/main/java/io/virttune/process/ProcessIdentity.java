package io.virttune.process;

import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A process as a custody record names it: its pid and its start time (clock ticks after boot,
 * field 22 of {@code /proc/PID/stat}), which tells it from a later process given the same pid; a
 * record written before start times were kept has none.
 */
public record ProcessIdentity(long pid, OptionalLong startTicks) {
    /**
     * How {@link #token()} spells one: the pid, then a dash and the start time when known. The digits
     * are bounded (a pid is at most 2^22, ticks fit in 18 digits for millennia): a longer run in an
     * LV's name, by someone else's hand, is not one and could not be read as a number.
     */
    public static final String TOKEN = "[0-9]{1,10}(?:-[0-9]{1,18})?";

    private static final Pattern PARTS = Pattern.compile("([0-9]{1,10})(?:-([0-9]{1,18}))?");

    /** The process {@code pid} that started {@code startTicks} after boot. */
    public static ProcessIdentity of(long pid, long startTicks) {
        return new ProcessIdentity(pid, OptionalLong.of(startTicks));
    }

    /** A record of {@code pid} alone, as virt-tune wrote them before it kept start times. */
    public static ProcessIdentity pidOnly(long pid) {
        return new ProcessIdentity(pid, OptionalLong.empty());
    }

    /** The identity {@code token} spells ({@link #TOKEN}). */
    public static ProcessIdentity parse(String token) {
        Matcher parts = PARTS.matcher(token);
        if (!parts.matches()) {
            throw new IllegalArgumentException("not a process identity: " + token);
        }
        long pid = Long.parseLong(parts.group(1));
        return parts.group(2) == null ? pidOnly(pid) : of(pid, Long.parseLong(parts.group(2)));
    }

    /** "PID-START", or "PID" for an old record: short enough for an LV's name. */
    public String token() {
        return startTicks.isPresent() ? pid + "-" + startTicks.getAsLong() : Long.toString(pid);
    }

    /** How messages name it; an old record says that only its pid is compared. */
    public String describe() {
        return startTicks.isPresent()
                ? "pid " + pid + ", started " + startTicks.getAsLong() + " ticks after boot"
                : "pid " + pid + ", recorded without its start time: judged by its pid alone";
    }
}
