package io.virttune.inspect.rules;

import io.virttune.inspect.DiskFacts;
import io.virttune.inspect.DomainFacts;
import io.virttune.inspect.Finding;
import io.virttune.inspect.HostFacts;
import io.virttune.inspect.Severity;
import io.virttune.recipe.DiskRole;
import java.util.ArrayList;
import java.util.List;

/** Reports each disk the recipe leaves alone, with the reason, so none is silently skipped. */
final class LeftAloneRule implements Rule {
    @Override
    public List<Finding> check(HostFacts host) {
        List<Finding> findings = new ArrayList<>();
        for (DomainFacts domain : host.domains()) {
            for (DiskFacts disk : domain.disks()) {
                if (disk.verdict().role() == DiskRole.LEAVE_ALONE) {
                    findings.add(Finding.disk(
                            disk.verdict().reasonId().orElseThrow(),
                            Severity.INFO,
                            domain.name(),
                            disk.target(),
                            "left alone",
                            disk.verdict().reason().orElseThrow(),
                            "nothing to do"));
                }
            }
        }
        return findings;
    }
}
