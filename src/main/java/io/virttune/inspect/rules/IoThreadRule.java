package io.virttune.inspect.rules;

import io.virttune.inspect.DiskFacts;
import io.virttune.inspect.DomainFacts;
import io.virttune.inspect.Finding;
import io.virttune.inspect.Severity;
import io.virttune.recipe.DiskTarget;
import io.virttune.recipe.HostLevers;
import java.util.Optional;

/**
 * A virtio disk (or one that becomes virtio) without its own IOThread shares QEMU's main loop with
 * everything else.
 */
final class IoThreadRule extends DiskRule {
    @Override
    Optional<Finding> check(HostLevers levers, DomainFacts domain, DiskFacts disk, DiskTarget target) {
        if (!target.iothread()) {
            return Optional.empty();
        }
        int defined = domain.xml().map(xml -> xml.iothreads().count()).orElse(0);
        return Optional.of(Finding.disk(
                "disk.iothread",
                Severity.WARNING,
                domain.name(),
                disk.target(),
                "no dedicated IOThread",
                "driver has no iothread attribute; the domain defines " + defined + " IOThread(s)",
                "give each virtio disk its own IOThread (<iothreads> grows to match)"));
    }
}
