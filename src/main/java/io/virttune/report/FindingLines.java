package io.virttune.report;

import io.virttune.inspect.Finding;
import io.virttune.inspect.Severity;
import io.virttune.text.WrappedText;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * A block of findings as text, each with its fix on the line below it (and its evidence, with -v or
 * for an error): the same finding on several disks of a domain is one line naming them, findings
 * below the threshold are left out, and every line is fitted to the width.
 */
final class FindingLines {
    private static final String NOTHING_TO_DO = "nothing to do";
    private static final String SEEN = "          seen: ";
    static final String FIX = "          fix:  ";

    private FindingLines() {}

    /** The lines of {@code findings}; {@code evidence}: each finding's evidence on its own line too. */
    static List<String> of(List<Finding> findings, boolean evidence, InspectTextOptions options) {
        Map<List<Object>, List<Finding>> alike = new LinkedHashMap<>();
        for (Finding finding : findings) {
            if (options.shows(finding.severity())) {
                // Findings merge only where all they show is the same, the evidence too when it is shown.
                List<Object> key = List.of(
                        finding.ruleId(),
                        finding.severity(),
                        finding.summary(),
                        finding.fix(),
                        shown(finding, evidence) ? finding.evidence() : "");
                alike.computeIfAbsent(key, k -> new ArrayList<>()).add(finding);
            }
        }
        List<String> lines = new ArrayList<>();
        alike.values().forEach(group -> lines.addAll(lines(group, shown(group.get(0), evidence), options.width())));
        return lines;
    }

    /** A finding's first columns: its severity and rule, aligned. */
    static String head(Severity severity, String ruleId) {
        return String.format(Locale.ROOT, "  %-7s %-24s ", severity.label(), ruleId);
    }

    /** An error's evidence is what the operator acts on (what could not be read, and why): always shown. */
    private static boolean shown(Finding finding, boolean evidence) {
        return evidence || finding.severity() == Severity.ERROR;
    }

    private static List<String> lines(List<Finding> group, boolean evidence, int width) {
        Finding finding = group.get(0);
        List<String> disks = group.stream().flatMap(f -> f.disk().stream()).toList();
        String where = disks.isEmpty() ? "" : String.join(", ", disks) + ": ";
        String text = where + finding.summary();
        if (!evidence && finding.ruleId().startsWith("skip.")) {
            text += " (" + finding.evidence() + ")";
        }
        String head = head(finding.severity(), finding.ruleId());
        List<String> lines = new ArrayList<>(WrappedText.lines(head, text, width));
        if (evidence) {
            lines.addAll(WrappedText.lines(SEEN, finding.evidence(), width));
        }
        fix(finding.severity(), finding.ruleId(), finding.fix())
                .ifPresent(fix -> lines.addAll(WrappedText.lines(FIX, fix, width)));
        return lines;
    }

    /**
     * The fix as the text shows it. Read-ahead on an LV whose disk bypasses the host cache (the rule
     * says so with severity info) changes nothing now: the text says so rather than list a command as
     * the thing to do, which the plan still runs and the JSON still carries.
     */
    static Optional<String> fix(Severity severity, String ruleId, String fix) {
        if (fix.equals(NOTHING_TO_DO)) {
            return Optional.empty();
        }
        if (ruleId.equals("lv.read-ahead") && severity == Severity.INFO) {
            return Optional.of(
                    "nothing to do while the disk bypasses the host cache (the plan still runs " + fix + ")");
        }
        return Optional.of(fix);
    }
}
