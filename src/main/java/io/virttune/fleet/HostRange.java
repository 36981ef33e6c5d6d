package io.virttune.fleet;

import io.virttune.VirtTuneException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Expands Ansible's host ranges in an inventory's host names: {@code hv[01:12]} (zero-padded when
 * the start is), {@code rack[a:c]}, with an optional stride {@code [0:10:2]}, several per name.
 */
final class HostRange {
    private static final Pattern RANGE = Pattern.compile("\\[([0-9]+|[a-zA-Z]):([0-9]+|[a-zA-Z])(?::([0-9]+))?\\]");
    /** Beyond this a typo (hv[1:100000]) is more likely than a fleet. */
    private static final int MOST_HOSTS = 10_000;

    private HostRange() {}

    static List<String> expand(String name, String where) {
        Matcher range = RANGE.matcher(name);
        if (!range.find()) {
            if (name.contains("[") || name.contains("]")) {
                throw VirtTuneException.usage(
                        where + ": '" + name + "' has brackets that are not a host range like hv[01:12]");
            }
            return List.of(name);
        }
        String head = name.substring(0, range.start());
        List<String> tails = expand(name.substring(range.end()), where);
        List<String> names = new ArrayList<>();
        for (String middle : values(range.group(1), range.group(2), range.group(3), name, where)) {
            for (String tail : tails) {
                names.add(head + middle + tail);
            }
        }
        if (names.size() > MOST_HOSTS) {
            throw VirtTuneException.usage(
                    where + ": '" + name + "' names " + names.size() + " hosts, more than " + MOST_HOSTS);
        }
        return names;
    }

    private static List<String> values(String start, String end, String stride, String name, String where) {
        int step = stride == null ? 1 : Integer.parseInt(stride);
        boolean numbers = Character.isDigit(start.charAt(0));
        if (step < 1 || numbers != Character.isDigit(end.charAt(0))) {
            throw VirtTuneException.usage(
                    where + ": '" + name + "': a range goes from a number to a number or a letter to a"
                            + " letter, with a stride of at least 1");
        }
        if (numbers && start.length() > 1 && start.startsWith("0") && start.length() != end.length()) {
            throw VirtTuneException.usage(
                    where + ": '" + name + "': a zero-padded range needs its start and end of one width");
        }
        if (numbers && (start.length() > 9 || end.length() > 9)) {
            throw VirtTuneException.usage(where + ": '" + name + "': the range's numbers are too large");
        }
        int from = numbers ? Integer.parseInt(start) : start.charAt(0);
        int to = numbers ? Integer.parseInt(end) : end.charAt(0);
        if (from > to) {
            throw VirtTuneException.usage(where + ": '" + name + "': the range ends before it starts");
        }
        String format = numbers && start.startsWith("0") && start.length() > 1 ? "%0" + start.length() + "d" : "%d";
        List<String> values = new ArrayList<>();
        for (long value = from; value <= to && values.size() <= MOST_HOSTS; value += step) {
            values.add(numbers ? String.format(format, value) : String.valueOf((char) value));
        }
        return values;
    }
}
