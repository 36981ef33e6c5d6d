package io.virttune.inspect.rules;

import io.virttune.inspect.DiskFacts;
import io.virttune.inspect.DomainFacts;
import io.virttune.inspect.Finding;
import io.virttune.inspect.Severity;
import io.virttune.recipe.DiskTarget;
import io.virttune.recipe.HostLevers;
import java.util.Optional;

/** Internal qcow2 snapshots cannot live in a raw LV: converting would silently drop them. */
final class InternalSnapshotRule extends DiskRule {
    @Override
    Optional<Finding> check(HostLevers levers, DomainFacts domain, DiskFacts disk, DiskTarget target) {
        return disk.image()
                .filter(image -> image.internalSnapshots().orElse(0) > 0)
                .map(image -> Finding.disk(
                        "disk.internal-snapshots",
                        Severity.WARNING,
                        domain.name(),
                        disk.target(),
                        "image holds " + image.internalSnapshots().getAsInt()
                                + " internal snapshot(s) that a raw LV cannot keep",
                        image.path() + " (qemu-img snapshot -l lists them)",
                        "delete or export the snapshots first; planning stops for this domain unless"
                                + " --drop-snapshots says they may be lost"));
    }
}
