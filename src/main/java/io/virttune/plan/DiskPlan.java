package io.virttune.plan;

import java.util.List;

/**
 * What the plan does with one disk: {@code action} is move (data to a new LV), retune (settings
 * only), leave (with the reason), or remove (the plan's own temporary disk, once done). {@code
 * changes} lists each setting changed, old to new.
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
    String imageFingerprint) {

  public DiskPlan {
    changes = List.copyOf(changes);
  }

  public static DiskPlan leave(String target, String source, String reason) {
    return new DiskPlan(target, target, "leave", source, null, 0, List.of(), reason, null);
  }
}
