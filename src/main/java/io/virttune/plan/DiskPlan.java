package io.virttune.plan;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * What the plan does with one disk, and why.
 *
 * @param action move (data to a new LV), retune (settings only), unchanged (already as the recipe
 *     wants it), leave (with the reason), or remove (the plan's own temporary disk, once done)
 * @param changes each setting changed, old to new
 * @param thinPoolNeed what a disk moved to a thin LV was counted for against its pool (null
 *     otherwise: a linear LV takes {@code sizeBytes})
 */
public record DiskPlan(
        String target,
        String newTarget,
        String action,
        String source,
        String destination,
        long sizeBytes,
        List<String> changes,
        String reason,
        String imageFingerprint,
        @JsonInclude(JsonInclude.Include.NON_NULL) ThinPoolNeed thinPoolNeed) {

    public DiskPlan {
        changes = List.copyOf(changes);
    }

    /** A disk whose space the plan does not count in a thin pool. */
    public DiskPlan(
            String target,
            String newTarget,
            String action,
            String source,
            String destination,
            long sizeBytes,
            List<String> changes,
            String reason,
            String imageFingerprint) {
        this(target, newTarget, action, source, destination, sizeBytes, changes, reason, imageFingerprint, null);
    }

    public DiskPlan withThinPoolNeed(ThinPoolNeed need) {
        return new DiskPlan(
                target, newTarget, action, source, destination, sizeBytes, changes, reason, imageFingerprint, need);
    }

    public static DiskPlan leave(String target, String source, String reason) {
        return new DiskPlan(target, target, "leave", source, null, 0, List.of(), reason, null);
    }
}
