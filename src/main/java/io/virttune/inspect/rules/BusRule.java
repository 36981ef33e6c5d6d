package io.virttune.inspect.rules;

import io.virttune.inspect.DiskFacts;
import io.virttune.inspect.DomainFacts;
import io.virttune.inspect.Finding;
import io.virttune.inspect.Severity;
import io.virttune.recipe.BusMove;
import io.virttune.recipe.DiskTarget;
import io.virttune.recipe.HostLevers;
import java.util.Optional;

/** An emulated bus (SATA, IDE, SCSI, USB): virtio-blk was faster in every test of the source. */
final class BusRule extends DiskRule {
    @Override
    Optional<Finding> check(HostLevers levers, DomainFacts domain, DiskFacts disk, DiskTarget target) {
        if (target.bus() == BusMove.STAYS_VIRTIO) {
            return Optional.empty();
        }
        String bus = disk.view().targetBus().orElse("default");
        String evidence = "target dev='" + disk.target() + "' bus='" + bus + "'";
        String reason = target.busReason().orElseThrow();
        if (target.bus() == BusMove.KEEP) {
            return Optional.of(Finding.disk(
                    "disk.bus",
                    Severity.INFO,
                    domain.name(),
                    disk.target(),
                    "emulated " + bus + " bus, kept",
                    evidence,
                    "keep the bus: " + reason + "; the plan applies the rest of the recipe"));
        }
        return Optional.of(Finding.disk(
                "disk.bus",
                Severity.WARNING,
                domain.name(),
                disk.target(),
                "emulated " + bus + " bus instead of virtio-blk",
                evidence,
                reason));
    }
}
