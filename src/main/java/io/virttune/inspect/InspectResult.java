package io.virttune.inspect;

import io.virttune.recipe.DiskRole;
import java.util.List;

/** A host's facts with the findings the rules drew from them, and the counts a summary shows. */
public record InspectResult(HostFacts facts, List<Finding> findings) {

    public InspectResult {
        findings = List.copyOf(findings);
    }

    /** True when some part of the host, a domain or an image could not be read. */
    public boolean incomplete() {
        return !facts.problems().isEmpty()
                || facts.domains().stream()
                        .anyMatch(d -> d.problem().isPresent()
                                || d.disks().stream()
                                        .anyMatch(disk -> disk.problem().isPresent()));
    }

    public long diskCount(DiskRole role) {
        return facts.domains().stream()
                .flatMap(domain -> domain.disks().stream())
                .filter(disk -> disk.verdict().role() == role)
                .count();
    }

    public long findingCount(Severity severity) {
        return findings.stream()
                .filter(finding -> finding.severity() == severity)
                .count();
    }

    public List<Finding> findingsFor(String domain) {
        return findings.stream()
                .filter(f -> f.domain().filter(domain::equals).isPresent())
                .toList();
    }

    public List<Finding> hostFindings() {
        return findings.stream().filter(f -> f.domain().isEmpty()).toList();
    }
}
