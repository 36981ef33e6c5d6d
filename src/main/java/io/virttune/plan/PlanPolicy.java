package io.virttune.plan;

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
    if (!cacheMode.equals("none") && !cacheMode.equals("writeback")) {
      throw new IllegalArgumentException("cache mode must be none or writeback: " + cacheMode);
    }
  }

  public static PlanPolicy defaults(PlanTarget target) {
    return new PlanPolicy(target, "none", 0.10, Set.of(), false, true);
  }

  /** io=native needs O_DIRECT; with the host page cache in the path, a thread pool does the I/O. */
  public String ioMode() {
    return cacheMode.equals("none") ? "native" : "threads";
  }
}
