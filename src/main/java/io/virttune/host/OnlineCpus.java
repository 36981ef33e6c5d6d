package io.virttune.host;

import java.util.OptionalInt;

/** How many CPUs a kernel's CPU list names ({@code /sys/devices/system/cpu/online}: "0-3,8,10-11"). */
public final class OnlineCpus {
  private OnlineCpus() {}

  /** The count; empty for a list that is not one. */
  public static OptionalInt count(String list) {
    int count = 0;
    for (String range : list.strip().split(",")) {
      String[] ends = range.split("-");
      try {
        int first = Integer.parseInt(ends[0]);
        int last = ends.length == 2 ? Integer.parseInt(ends[1]) : first;
        if (ends.length > 2 || last < first || first < 0) {
          return OptionalInt.empty();
        }
        count += last - first + 1;
      } catch (NumberFormatException e) {
        return OptionalInt.empty();
      }
    }
    return count > 0 ? OptionalInt.of(count) : OptionalInt.empty();
  }
}
