package io.virttune.inspect.rules;

import io.virttune.inspect.DiskFacts;
import io.virttune.inspect.DomainFacts;
import io.virttune.inspect.Finding;
import io.virttune.inspect.Severity;
import io.virttune.lvm.LogicalVolume;
import io.virttune.recipe.CacheMode;
import io.virttune.recipe.DiskTarget;
import io.virttune.recipe.HostLevers;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Host read-ahead on a VM's LV: the guest does its own read-ahead, so the host's only reads data
 * the guest did not ask for. The source turned it off.
 */
final class LvReadAheadRule extends DiskRule {
    @Override
    Optional<Finding> check(HostLevers levers, DomainFacts domain, DiskFacts disk, DiskTarget target) {
        if (!target.readAheadOff()) {
            return Optional.empty();
        }
        LogicalVolume volume = disk.logicalVolume().orElseThrow();
        OptionalLong readAhead = volume.readAheadBytes();
        String current = readAhead.isPresent() ? readAhead.getAsLong() + " bytes" : "auto";
        String cache = disk.view().cache().orElse("default");
        // O_DIRECT bypasses the page cache, so read-ahead only acts while the host cache is in the path.
        boolean direct = CacheMode.of(disk.view().cache()).direct();
        return Optional.of(Finding.disk(
                "lv.read-ahead",
                direct ? Severity.INFO : Severity.WARNING,
                domain.name(),
                disk.target(),
                "read-ahead on the host LV is " + current + (direct ? " (no effect while cache=" + cache + ")" : ""),
                volume.volumeName() + " lv_read_ahead=" + current + ", disk cache=" + cache,
                "lvchange -r 0 " + volume.volumeName()));
    }
}
