package io.virttune.inspect.rules;

import io.virttune.inspect.DiskFacts;
import io.virttune.inspect.DomainFacts;
import io.virttune.inspect.Finding;
import io.virttune.inspect.Severity;
import io.virttune.recipe.CacheMode;
import io.virttune.recipe.DiskRecipe;
import io.virttune.recipe.DiskStorage;
import io.virttune.recipe.DiskTarget;
import io.virttune.recipe.HostLevers;
import io.virttune.recipe.IoMode;
import io.virttune.recipe.Setting;
import java.util.Optional;

/**
 * The AIO mode, judged against the cache the disk keeps or the recipe's.
 */
final class IoModeRule extends DiskRule {
    @Override
    Optional<Finding> check(HostLevers levers, DomainFacts domain, DiskFacts disk, DiskTarget target) {
        String io = disk.view().io().orElse("default");
        String cacheText = disk.view().cache().orElse("default");
        CacheMode cache = CacheMode.of(disk.view().cache());
        IoMode current = IoMode.of(disk.view().io());
        if (current == IoMode.NATIVE && !cache.direct()) {
            return Optional.of(Finding.disk(
                    "disk.io-mode",
                    Severity.ERROR,
                    domain.name(),
                    disk.target(),
                    "io=native without O_DIRECT",
                    "driver io='native' cache='" + cacheText + "'",
                    "io=native needs cache=none or directsync; with cache=writeback use io=threads"));
        }
        CacheMode reference = cache.chosen() ? cache : target.cache().wanted();
        Setting<IoMode> wanted =
                DiskRecipe.io(current, reference, DiskStorage.of(disk.view(), disk.logicalVolume()), levers.ioUring());
        if (current.effective() == wanted.wanted()) {
            return Optional.empty();
        }
        return Optional.of(Finding.disk(
                "disk.io-mode",
                Severity.WARNING,
                domain.name(),
                disk.target(),
                "io mode " + io + " instead of " + wanted.wanted().xml(),
                disk.view().io().isEmpty() ? "no io attribute: QEMU uses its thread pool" : "driver io='" + io + "'",
                wanted.reason()));
    }
}
