package io.virttune.inspect.rules;

import io.virttune.inspect.DiskFacts;
import io.virttune.inspect.DomainFacts;
import io.virttune.inspect.Finding;
import io.virttune.inspect.HostFacts;
import io.virttune.inspect.Severity;
import java.util.ArrayList;
import java.util.List;

/** A disk whose image could not be read: nothing can be planned for it until that is fixed. */
final class DiskProblemRule implements Rule {
    @Override
    public List<Finding> check(HostFacts host) {
        List<Finding> findings = new ArrayList<>();
        for (DomainFacts domain : host.domains()) {
            for (DiskFacts disk : domain.disks()) {
                disk.problem()
                        .ifPresent(problem -> findings.add(Finding.disk(
                                "disk.unreadable",
                                Severity.ERROR,
                                domain.name(),
                                disk.target(),
                                "image could not be read",
                                problem,
                                "check the path in the domain definition and that the image exists")));
            }
        }
        return findings;
    }
}
