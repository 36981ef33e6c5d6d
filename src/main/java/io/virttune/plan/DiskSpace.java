package io.virttune.plan;

import io.virttune.inspect.DiskFacts;
import io.virttune.inspect.DomainFacts;
import io.virttune.inspect.ImageFacts;
import io.virttune.lvm.Sizes;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a domain's moved disks take from the plan's target: a linear LV its whole size, a thin LV
 * what its pool will provision.
 */
final class DiskSpace {
    private final PlanEnvironment env;
    private final boolean live;

    DiskSpace(PlanEnvironment env, boolean live) {
        this.env = env;
        this.live = live;
    }

    /** Bytes the domain's moved disks take from the target; 0 for what could not be read. */
    long needed(DomainFacts facts) {
        long total = 0;
        for (DiskFacts disk : DomainPlanner.moved(facts)) {
            total += disk.image()
                    .map(image -> thin()
                            ? thinNeed(image).bytes()
                            : Sizes.roundUp(image.virtualSizeBytes(), env.extentBytes()))
                    .orElse(0L);
        }
        return total;
    }

    /** The plan with each moved disk of a thin plan saying what it was counted for in the pool. */
    DomainPlan shownIn(DomainPlan plan, DomainFacts facts) {
        Map<String, ThinPoolNeed> needs = new HashMap<>();
        if (thin()) {
            DomainPlanner.moved(facts)
                    .forEach(disk -> disk.image().ifPresent(image -> needs.put(disk.target(), thinNeed(image))));
        }
        if (needs.isEmpty()) {
            return plan;
        }
        return plan.withDisks(plan.disks().stream()
                .map(disk -> disk.action().equals("move") && needs.containsKey(disk.target())
                        ? disk.withThinPoolNeed(needs.get(disk.target()))
                        : disk)
                .toList());
    }

    /** What the plan assumed for the disks of {@code domains} it counted by their allocation, if any. */
    static Optional<String> unmapped(List<DomainPlan> domains) {
        long count = domains.stream()
                .flatMap(domain -> domain.disks().stream())
                .filter(disk ->
                        disk.thinPoolNeed() != null && !disk.thinPoolNeed().inChunks())
                .count();
        return count == 0
                ? Optional.empty()
                : Optional.of(count + " image(s) could not be mapped here (qemu-img map):"
                        + " counted in the thin pool by their allocation, which whole chunks can exceed; apply counts the chunks"
                        + " before each copy");
    }

    private boolean thin() {
        return env.policy().target().thin();
    }

    private ThinPoolNeed thinNeed(ImageFacts image) {
        long chunk = env.space().chunkSizeBytes();
        if (live) {
            return new ThinPoolNeed(image.virtualSizeBytes(), Math.max(chunk, 1));
        }
        return image.thinFootprint()
                .filter(footprint -> chunk > 0)
                .map(footprint -> new ThinPoolNeed(footprint.provisionedBytes(chunk), chunk))
                .orElse(new ThinPoolNeed(image.allocatedBytes(), 0));
    }
}
