package io.virttune.text;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * A set of CPU or NUMA node numbers in the list syntax the kernel ({@code
 * /sys/devices/system/cpu/online}: "0-3,8,10-11") and libvirt ({@code cpuset="0-5,^3"}, where
 * {@code ^} takes one out) share.
 */
public final class RangeList {
    private final SortedSet<Integer> members;

    private RangeList(SortedSet<Integer> members) {
        this.members = members;
    }

    /**
     * Parses a list; empty for one that is not a list or names no number. Items apply in order, as in
     * libvirt's parser: an exclusion takes out a number named before it.
     */
    public static Optional<RangeList> parse(String list) {
        SortedSet<Integer> named = new TreeSet<>();
        for (String item : list.strip().split(",")) {
            boolean exclude = item.startsWith("^");
            String[] ends = (exclude ? item.substring(1) : item).strip().split("-");
            try {
                int first = Integer.parseInt(ends[0]);
                int last = ends.length == 2 ? Integer.parseInt(ends[1]) : first;
                if (ends.length > 2 || last < first || first < 0 || (exclude && ends.length != 1)) {
                    return Optional.empty();
                }
                for (int cpu = first; cpu <= last; cpu++) {
                    if (exclude) {
                        named.remove(cpu);
                    } else {
                        named.add(cpu);
                    }
                }
            } catch (NumberFormatException e) {
                return Optional.empty();
            }
        }
        return named.isEmpty() ? Optional.empty() : Optional.of(new RangeList(named));
    }

    /** The numbers of both lists. */
    public RangeList union(RangeList other) {
        SortedSet<Integer> both = new TreeSet<>(members);
        both.addAll(other.members);
        return new RangeList(both);
    }

    /** The numbers, in order. */
    public Set<Integer> members() {
        return Collections.unmodifiableSortedSet(members);
    }

    /** How many numbers the list names. */
    public int size() {
        return members.size();
    }

    /** The list in its shortest form, runs as ranges: "0-3,8,10-11". */
    @Override
    public String toString() {
        List<String> runs = new ArrayList<>();
        int start = -1;
        int previous = -2;
        for (int cpu : members) {
            if (cpu != previous + 1) {
                if (start >= 0) {
                    runs.add(run(start, previous));
                }
                start = cpu;
            }
            previous = cpu;
        }
        runs.add(run(start, previous));
        return String.join(",", runs);
    }

    private static String run(int first, int last) {
        return first == last ? Integer.toString(first) : first + "-" + last;
    }
}
