package io.virttune.inspect.rules;

import io.virttune.inspect.DiskFacts;
import io.virttune.inspect.DomainFacts;
import io.virttune.inspect.Finding;
import io.virttune.inspect.Severity;
import io.virttune.recipe.CacheMode;
import io.virttune.recipe.DiskTarget;
import io.virttune.recipe.HostLevers;
import io.virttune.recipe.Setting;
import java.util.Optional;

/**
 * The host page cache in the I/O path. cache=none (O_DIRECT) is the recipe's default;
 * cache=writeback was faster for random writes in the source but loses acknowledged writes on a
 * host crash or power cut, so it is only ever a conscious choice (reported, not warned about).
 */
final class CacheModeRule extends DiskRule {
    @Override
    Optional<Finding> check(HostLevers levers, DomainFacts domain, DiskFacts disk, DiskTarget target) {
        Setting<CacheMode> cache = target.cache();
        if (!cache.changes()) {
            return Optional.empty();
        }
        String mode = disk.view().cache().orElse("default");
        String evidence = disk.view().cache().isEmpty()
                ? "no cache attribute: QEMU's default is writeback through the host page cache"
                : "driver cache='" + mode + "'";
        Severity severity = cache.current() == CacheMode.WRITEBACK ? Severity.INFO : Severity.WARNING;
        return Optional.of(Finding.disk(
                "disk.cache", severity, domain.name(), disk.target(), "cache mode " + mode, evidence, cache.reason()));
    }
}
