package io.virttune.inspect.rules;

import io.virttune.inspect.DiskFacts;
import io.virttune.inspect.DomainFacts;
import io.virttune.inspect.Finding;
import io.virttune.inspect.Severity;
import io.virttune.recipe.DiskTarget;
import io.virttune.recipe.HostLevers;
import io.virttune.recipe.Setting;
import java.util.Optional;

/**
 * Guest TRIM not passed down: deleted blocks stay allocated in thin pools and on the SSD, which
 * then loses write speed as it fills (the source's over-provisioning numbers).
 */
final class DiscardRule extends DiskRule {
    @Override
    Optional<Finding> check(HostLevers levers, DomainFacts domain, DiskFacts disk, DiskTarget target) {
        Optional<Setting<String>> discard = target.discard().filter(Setting::changes);
        if (discard.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(Finding.disk(
                "disk.discard",
                Severity.INFO,
                domain.name(),
                disk.target(),
                "guest discard (TRIM) is not passed to the host",
                disk.view().discard().isPresent()
                        ? "driver discard='" + disk.view().discard().get() + "'"
                        : "no discard attribute: QEMU ignores the guest's discards",
                discard.get().reason()));
    }
}
