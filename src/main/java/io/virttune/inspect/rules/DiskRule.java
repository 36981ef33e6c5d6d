package io.virttune.inspect.rules;

import io.virttune.inspect.DiskFacts;
import io.virttune.inspect.DomainFacts;
import io.virttune.inspect.Finding;
import io.virttune.inspect.HostFacts;
import io.virttune.recipe.DiskTarget;
import io.virttune.recipe.HostLevers;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** A rule about one disk at a time, applied to every disk the recipe moves or retunes ({@link TunedDisk}). */
abstract class DiskRule implements Rule {

    @Override
    public final List<Finding> check(HostFacts host) {
        return check(TunedDisk.of(host));
    }

    /** The findings on disks whose recipe was decided already, shared by every disk rule of one pass. */
    final List<Finding> check(List<TunedDisk> disks) {
        List<Finding> findings = new ArrayList<>();
        for (TunedDisk tuned : disks) {
            check(tuned.levers(), tuned.domain(), tuned.disk(), tuned.target()).ifPresent(findings::add);
        }
        return findings;
    }

    /**
     * The finding on one disk, given what the recipe makes of it under the default policy and what
     * the host allows every disk ({@code levers}, the same for the whole pass).
     */
    abstract Optional<Finding> check(HostLevers levers, DomainFacts domain, DiskFacts disk, DiskTarget target);
}
