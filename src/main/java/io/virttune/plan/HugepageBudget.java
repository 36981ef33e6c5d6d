package io.virttune.plan;

import java.util.OptionalLong;

/**
 * The host's free hugepages of the default size, shared out among the plan's domains in order: a
 * domain gets hugepages only while the pool can hold every domain given them so far.
 */
final class HugepageBudget {
  private final OptionalLong pageSizeKiB;
  private long availableKiB;

  HugepageBudget(OptionalLong pageSizeKiB, long availableKiB) {
    this.pageSizeKiB = pageSizeKiB;
    this.availableKiB = availableKiB;
  }

  static HugepageBudget unknown() {
    return new HugepageBudget(OptionalLong.empty(), 0);
  }

  boolean known() {
    return pageSizeKiB.isPresent();
  }

  long availableKiB() {
    return availableKiB;
  }

  /** Takes the memory (rounded up to whole pages) if it fits. */
  boolean take(long memoryKiB) {
    if (pageSizeKiB.isEmpty()) {
      return false;
    }
    long page = pageSizeKiB.getAsLong();
    long needed = (memoryKiB + page - 1) / page * page;
    if (needed > availableKiB) {
      return false;
    }
    availableKiB -= needed;
    return true;
  }
}
