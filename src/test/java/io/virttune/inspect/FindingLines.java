package io.virttune.inspect;

import java.util.List;

/** Findings as one short line each, {@code rule severity domain/disk}, so a test can list them all. */
public final class FindingLines {
    private FindingLines() {}

    public static List<String> of(List<Finding> findings) {
        return findings.stream().map(FindingLines::line).toList();
    }

    private static String line(Finding finding) {
        String where = finding.domain().map(domain -> " " + domain).orElse("")
                + finding.disk().map(disk -> "/" + disk).orElse("");
        return finding.ruleId() + " " + finding.severity().label() + where;
    }
}
