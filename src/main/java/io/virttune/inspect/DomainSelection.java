package io.virttune.inspect;

import io.virttune.VirtTuneException;
import java.nio.file.FileSystems;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * Which domains a command works on: names or shell-style globs, or all of them, minus exclusions.
 * A name or glob that matches nothing is an error, so a typo never silently selects nothing.
 */
public final class DomainSelection {
    private final List<String> patterns;
    private final List<String> exclusions;

    public DomainSelection(List<String> patterns, List<String> exclusions) {
        this.patterns = List.copyOf(patterns);
        this.exclusions = List.copyOf(exclusions);
    }

    public static DomainSelection all() {
        return new DomainSelection(List.of(), List.of());
    }

    /** The selected names, in the order given; fails naming every pattern that matched nothing. */
    public List<String> select(Collection<String> names) {
        List<String> selected = new ArrayList<>();
        List<String> unmatched = new ArrayList<>();
        if (patterns.isEmpty()) {
            selected.addAll(names);
        }
        for (String pattern : patterns) {
            List<String> matches =
                    names.stream().filter(name -> matches(pattern, name)).toList();
            if (matches.isEmpty()) {
                unmatched.add(pattern);
            }
            matches.stream().filter(name -> !selected.contains(name)).forEach(selected::add);
        }
        if (!unmatched.isEmpty()) {
            throw VirtTuneException.failed("no domain matches " + String.join(", ", quoted(unmatched)));
        }
        selected.removeIf(name -> exclusions.stream().anyMatch(pattern -> matches(pattern, name)));
        return selected;
    }

    private static boolean matches(String pattern, String name) {
        if (pattern.equals(name)) {
            return true;
        }
        if (!isGlob(pattern) || name.contains("/")) {
            return false;
        }
        PathMatcher matcher = FileSystems.getDefault().getPathMatcher("glob:" + pattern);
        return matcher.matches(Path.of(name));
    }

    /** Whether the pattern is a glob rather than a name. */
    public static boolean isGlob(String pattern) {
        return pattern.chars().anyMatch(c -> c == '*' || c == '?' || c == '[' || c == '{');
    }

    private static List<String> quoted(List<String> values) {
        return values.stream().map(value -> "'" + value + "'").toList();
    }
}
