package io.virttune.report;

import io.virttune.inspect.Finding;
import io.virttune.inspect.Severity;
import io.virttune.text.ShellWords;
import io.virttune.text.WrappedText;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The domain findings that recur in several domains, said once after the domains with the domains
 * and disks named.
 */
final class SharedFindings {
    private static final String DOMAIN = "DOMAIN";
    private static final String IN = "          in:   ";

    private record Key(String ruleId, Severity severity, String summary, String fix) {}

    private final Map<Key, List<Finding>> groups;

    private SharedFindings(Map<Key, List<Finding>> groups) {
        this.groups = groups;
    }

    /** None shared: the verbose view. */
    static SharedFindings none() {
        return new SharedFindings(Map.of());
    }

    /** Of every domain's findings shown at {@code options}' threshold, those of two domains or more. */
    static SharedFindings of(List<Finding> findings, InspectTextOptions options) {
        Map<Key, List<Finding>> all = new LinkedHashMap<>();
        // What is left alone is said of each disk with its own reason (skip.*), never grouped.
        findings.stream()
                .filter(finding -> finding.domain().isPresent()
                        && options.shows(finding.severity())
                        && !finding.ruleId().startsWith("skip."))
                .forEach(finding -> all.computeIfAbsent(key(finding), k -> new ArrayList<>())
                        .add(finding));
        Map<Key, List<Finding>> shared = new LinkedHashMap<>();
        all.forEach((key, group) -> {
            if (group.stream()
                            .map(finding -> finding.domain().orElseThrow())
                            .distinct()
                            .count()
                    > 1) {
                shared.put(key, group);
            }
        });
        return new SharedFindings(shared);
    }

    /** Whether {@code finding} is said here rather than in its domain. */
    boolean covers(Finding finding) {
        return finding.domain().isPresent() && groups.containsKey(key(finding));
    }

    /** The section's lines, errors and warnings first; none when nothing is shared. */
    List<String> lines(int width) {
        if (groups.isEmpty()) {
            return List.of();
        }
        List<String> lines =
                new ArrayList<>(WrappedText.lines("", "In several domains (-v shows each in its domain):", width));
        groups.entrySet().stream()
                .sorted((a, b) -> a.getKey().severity().compareTo(b.getKey().severity()))
                .forEach(entry -> {
                    Key key = entry.getKey();
                    lines.addAll(
                            WrappedText.lines(FindingLines.head(key.severity(), key.ruleId()), key.summary(), width));
                    lines.addAll(WrappedText.lines(IN, where(entry.getValue()), width));
                    FindingLines.fix(key.severity(), key.ruleId(), key.fix())
                            .ifPresent(fix -> lines.addAll(WrappedText.lines(FindingLines.FIX, fix, width)));
                });
        return lines;
    }

    /** "backup01 (vda), web01 (vda, vdb), db01": each domain once, its disks in brackets. */
    private static String where(List<Finding> group) {
        Map<String, Set<String>> disks = new LinkedHashMap<>();
        group.forEach(finding -> finding.disk()
                .ifPresentOrElse(
                        disk -> disks.computeIfAbsent(finding.domain().orElseThrow(), d -> new LinkedHashSet<>())
                                .add(disk),
                        () -> disks.computeIfAbsent(finding.domain().orElseThrow(), d -> new LinkedHashSet<>())));
        return disks.size() + " domains: "
                + disks.entrySet().stream()
                        .map(entry -> entry.getKey()
                                + (entry.getValue().isEmpty() ? "" : " (" + String.join(", ", entry.getValue()) + ")"))
                        .collect(Collectors.joining(", "));
    }

    /** The finding's group: its fix with the domain's name, as a shell word or bare, read as DOMAIN. */
    private static Key key(Finding finding) {
        String name = finding.domain().orElse("");
        String fix = name.isEmpty()
                ? finding.fix()
                : Pattern.compile("(?<![\\w.-])" + Pattern.quote(name) + "(?![\\w.-])")
                        .matcher(finding.fix().replace(ShellWords.quote(name), DOMAIN))
                        .replaceAll(Matcher.quoteReplacement(DOMAIN));
        return new Key(finding.ruleId(), finding.severity(), finding.summary(), fix);
    }
}
