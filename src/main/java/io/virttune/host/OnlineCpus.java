package io.virttune.host;

import io.virttune.text.RangeList;
import java.util.OptionalInt;

/** How many CPUs a kernel's CPU list names ({@code /sys/devices/system/cpu/online}: "0-3,8,10-11"). */
public final class OnlineCpus {
    private OnlineCpus() {}

    /** The count; empty for a list that is not one. */
    public static OptionalInt count(String list) {
        return RangeList.parse(list).map(cpus -> OptionalInt.of(cpus.size())).orElse(OptionalInt.empty());
    }
}
