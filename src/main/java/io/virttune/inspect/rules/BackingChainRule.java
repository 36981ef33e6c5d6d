package io.virttune.inspect.rules;

import io.virttune.inspect.DiskFacts;
import io.virttune.inspect.DomainFacts;
import io.virttune.inspect.Finding;
import io.virttune.inspect.Severity;
import io.virttune.recipe.DiskTarget;
import io.virttune.recipe.HostLevers;
import java.util.Optional;

/** An image with backing files: each read may walk the chain; migration flattens it. */
final class BackingChainRule extends DiskRule {
    @Override
    Optional<Finding> check(HostLevers levers, DomainFacts domain, DiskFacts disk, DiskTarget target) {
        return disk.image()
                .filter(image -> image.hasBackingChain())
                .map(image -> Finding.disk(
                        "disk.backing-chain",
                        Severity.INFO,
                        domain.name(),
                        disk.target(),
                        "image has a backing chain of " + image.backingChain().size() + " file(s)",
                        image.path() + " <- " + String.join(" <- ", image.backingChain()),
                        "migration copies the whole chain, read from the top image, into one flat raw LV;"
                                + " the backing files stay untouched"));
    }
}
