package io.virttune.inspect.rules;

import io.virttune.inspect.DomainFacts;
import io.virttune.inspect.Finding;
import io.virttune.inspect.HostFacts;
import io.virttune.inspect.Severity;
import io.virttune.recipe.DiskRole;
import io.virttune.xml.DomainXml;
import java.util.Optional;

/** A running guest whose images are open: they are never converted offline. */
final class RunningDomainRule extends DomainRule {
    @Override
    Optional<Finding> check(HostFacts host, DomainFacts domain, DomainXml xml) {
        boolean movesData = domain.disks().stream().anyMatch(d -> d.verdict().role() == DiskRole.MOVE_DATA);
        if (domain.state().isShutOff() || !movesData) {
            return Optional.empty();
        }
        return Optional.of(Finding.domain(
                "domain.running",
                Severity.INFO,
                domain.name(),
                "guest is " + domain.state().label() + " with images open",
                "state " + domain.state().label(),
                "shut it down before apply: virt-tune copies only the images of shut-off domains"));
    }
}
