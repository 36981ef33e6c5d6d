package io.virttune.inspect.rules;

import io.virttune.inspect.Finding;
import io.virttune.inspect.HostFacts;
import io.virttune.inspect.Severity;
import java.util.ArrayList;
import java.util.List;

/** Parts of the host or domains that could not be read at all. */
final class UnreadableRule implements Rule {
    @Override
    public List<Finding> check(HostFacts host) {
        List<Finding> findings = new ArrayList<>();
        for (String problem : host.problems()) {
            findings.add(Finding.host(
                    "host.unreadable",
                    Severity.ERROR,
                    "part of the host could not be read",
                    problem,
                    "fix the cause and inspect again; the rest of the report stands"));
        }
        host.domains().stream()
                .filter(domain -> domain.problem().isPresent())
                .forEach(domain -> findings.add(Finding.domain(
                        "domain.unreadable",
                        Severity.ERROR,
                        domain.name(),
                        "definition could not be read",
                        domain.problem().get(),
                        "check the domain's XML with virsh dumpxml; nothing is planned for it")));
        return findings;
    }
}
