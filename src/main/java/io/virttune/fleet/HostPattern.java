package io.virttune.fleet;

import io.virttune.VirtTuneException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * An Ansible host pattern, as {@code --limit} takes it.
 */
final class HostPattern {
    private final String text;
    private final List<String> unions;
    private final List<String> intersections;
    private final List<String> exclusions;

    private HostPattern(String text, List<String> unions, List<String> intersections, List<String> exclusions) {
        this.text = text;
        this.unions = unions;
        this.intersections = intersections;
        this.exclusions = exclusions;
    }

    static HostPattern parse(String text) {
        List<String> unions = new ArrayList<>();
        List<String> intersections = new ArrayList<>();
        List<String> exclusions = new ArrayList<>();
        for (String term : terms(text)) {
            String name = term.strip();
            if (name.isEmpty()) {
                continue;
            }
            if (!name.startsWith("~") && name.matches(".*\\[-?[0-9]*(:-?[0-9]*)?\\]")) {
                throw VirtTuneException.usage("--limit " + text + ": subscripts like " + name
                        + " select hosts by their position; name the hosts or groups instead");
            }
            switch (name.charAt(0)) {
                case '&' -> intersections.add(name.substring(1));
                case '!' -> exclusions.add(name.substring(1));
                default -> unions.add(name);
            }
        }
        if (unions.isEmpty()) {
            throw VirtTuneException.usage("--limit " + text + ": names no group or host to start from"
                    + (intersections.isEmpty() && exclusions.isEmpty()
                            ? ""
                            : " (write all:!GROUP to exclude from every host)"));
        }
        return new HostPattern(text, unions, intersections, exclusions);
    }

    /** Split at ',' when there is one (Ansible's preferred form), else at ':', never inside brackets. */
    private static List<String> terms(String text) {
        char separator = text.contains(",") ? ',' : ':';
        List<String> terms = new ArrayList<>();
        int depth = 0;
        int start = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            depth += c == '[' ? 1 : c == ']' ? -1 : 0;
            if (c == separator && depth == 0) {
                terms.add(text.substring(start, i));
                start = i + 1;
            }
        }
        terms.add(text.substring(start));
        return terms;
    }

    Set<String> select(FleetInventory inventory) {
        Set<String> chosen = new LinkedHashSet<>();
        unions.forEach(term -> chosen.addAll(hostsOf(term, inventory)));
        intersections.forEach(term -> chosen.retainAll(hostsOf(term, inventory)));
        exclusions.forEach(term -> chosen.removeAll(hostsOf(term, inventory)));
        return chosen;
    }

    private Set<String> hostsOf(String term, FleetInventory inventory) {
        if (term.equals("*")) {
            return inventory.hostsOf(FleetInventory.ALL);
        }
        boolean wild = term.startsWith("~") || term.contains("*") || term.contains("?");
        if (!wild) {
            if (inventory.isGroup(term)) {
                return inventory.hostsOf(term);
            }
            if (inventory.hostNames().contains(term)) {
                return Set.of(term);
            }
            throw VirtTuneException.usage("--limit " + text + ": '" + term + "' is neither a group nor a host of the"
                    + " inventory; groups: " + String.join(", ", inventory.groupNames()));
        }
        Pattern matcher = matcher(term);
        Set<String> hosts = new LinkedHashSet<>();
        inventory.groupNames().stream()
                .filter(group -> matcher.matcher(group).matches())
                .forEach(group -> hosts.addAll(inventory.hostsOf(group)));
        inventory.hostNames().stream()
                .filter(host -> matcher.matcher(host).matches())
                .forEach(hosts::add);
        if (hosts.isEmpty()) {
            throw VirtTuneException.usage(
                    "--limit " + text + ": '" + term + "' matches no group or host of the inventory");
        }
        return hosts;
    }

    /** {@code ~REGEX} is searched from the start of a name, as Ansible's re.match does; a wildcard matches whole names. */
    private Pattern matcher(String term) {
        try {
            if (term.startsWith("~")) {
                return Pattern.compile("(?:" + term.substring(1) + ").*");
            }
            StringBuilder regex = new StringBuilder();
            for (char c : term.toCharArray()) {
                regex.append(c == '*' ? ".*" : c == '?' ? "." : Pattern.quote(String.valueOf(c)));
            }
            return Pattern.compile(regex.toString());
        } catch (PatternSyntaxException e) {
            throw VirtTuneException.usage(
                    "--limit " + text + ": '" + term + "' is not a regular expression: " + e.getDescription());
        }
    }
}
