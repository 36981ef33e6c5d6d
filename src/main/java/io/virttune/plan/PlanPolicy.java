package io.virttune.plan;

import io.virttune.recipe.CacheMode;
import java.util.Optional;
import java.util.Set;

/**
 * The operator's choices for a plan. Defaults follow the recipe; riskier choices (writeback
 * cache, dropping snapshots) exist only when explicitly asked for.
 */
public record PlanPolicy(
    PlanTarget target,
    String cacheMode,
    double reserveFraction,
    Set<String> virtioReadyDomains,
    boolean dropSnapshots,
    boolean hugepages) {

  public PlanPolicy {
    virtioReadyDomains = Set.copyOf(virtioReadyDomains);
    CacheMode mode = CacheMode.of(Optional.of(cacheMode));
    if (mode != CacheMode.NONE && mode != CacheMode.WRITEBACK) {
      throw new IllegalArgumentException("cache mode must be none or writeback: " + cacheMode);
    }
  }

  public static PlanPolicy defaults(PlanTarget target) {
    return new PlanPolicy(target, "none", 0.10, Set.of(), false, true);
  }

  /** The cache mode chosen for every disk of the plan (the recipe keeps a disk's directsync). */
  public CacheMode cache() {
    return CacheMode.of(Optional.of(cacheMode));
  }
}
