package io.virttune.plan;

import io.virttune.recipe.CacheMode;
import java.util.Optional;
import java.util.Set;

/**
 * The operator's choices for a plan. Defaults follow the recipe; riskier choices (writeback
 * cache, dropping snapshots) exist only when explicitly asked for. {@code bandwidthBytesPerSecond}
 * caps each disk's copy, offline or live, and its verify (0: no cap); {@code live} is null unless
 * running guests are to move while they run ({@code --live}).
 */
public record PlanPolicy(
        PlanTarget target,
        String cacheMode,
        double reserveFraction,
        Set<String> virtioReadyDomains,
        boolean dropSnapshots,
        boolean hugepages,
        long bandwidthBytesPerSecond,
        Live live) {

    /**
     * How the disks of running guests are copied: whether writes are mirrored synchronously, and
     * whether apply compares source and LV with the guest paused before each pivot.
     */
    public record Live(boolean synchronousWrites, boolean verifyPaused) {}

    /** A policy under which running guests are not moved (apply refuses to copy their images). */
    public PlanPolicy(
            PlanTarget target,
            String cacheMode,
            double reserveFraction,
            Set<String> virtioReadyDomains,
            boolean dropSnapshots,
            boolean hugepages) {
        this(target, cacheMode, reserveFraction, virtioReadyDomains, dropSnapshots, hugepages, 0, null);
    }

    public PlanPolicy {
        if (bandwidthBytesPerSecond < 0) {
            throw new IllegalArgumentException("bandwidth must not be negative");
        }
        virtioReadyDomains = Set.copyOf(virtioReadyDomains);
        CacheMode mode = CacheMode.of(Optional.of(cacheMode));
        if (mode != CacheMode.NONE && mode != CacheMode.WRITEBACK) {
            throw new IllegalArgumentException("cache mode must be none or writeback: " + cacheMode);
        }
    }

    public static PlanPolicy defaults(PlanTarget target) {
        return new PlanPolicy(target, "none", 0.10, Set.of(), false, true);
    }

    /** The same policy, with running guests moved live as {@code how} says. */
    public PlanPolicy withLive(Live how) {
        return new PlanPolicy(
                target,
                cacheMode,
                reserveFraction,
                virtioReadyDomains,
                dropSnapshots,
                hugepages,
                bandwidthBytesPerSecond,
                how);
    }

    /** This policy with each copy and verify capped at {@code bytesPerSecond} (0: no cap). */
    public PlanPolicy withBandwidth(long bytesPerSecond) {
        return new PlanPolicy(
                target, cacheMode, reserveFraction, virtioReadyDomains, dropSnapshots, hugepages, bytesPerSecond, live);
    }

    /** The cache mode chosen for every disk of the plan (the recipe keeps a disk's directsync). */
    public CacheMode cache() {
        return CacheMode.of(Optional.of(cacheMode));
    }
}
