package io.virttune.plan;

import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeMap;

/**
 * The host's available hugepages of the default size, shared out among the plan's domains in order.
 */
final class HugepageBudget {
    private final OptionalLong pageSizeKiB;
    private long availableKiB;
    private final Map<Integer, Long> nodeAvailableKiB;
    private long unboundKiB;

    HugepageBudget(OptionalLong pageSizeKiB, long availableKiB, Map<Integer, Long> nodeAvailableKiB) {
        this.pageSizeKiB = pageSizeKiB;
        this.availableKiB = availableKiB;
        this.nodeAvailableKiB = new TreeMap<>(nodeAvailableKiB);
    }

    static HugepageBudget unknown() {
        return new HugepageBudget(OptionalLong.empty(), 0, Map.of());
    }

    boolean known() {
        return pageSizeKiB.isPresent();
    }

    /** What a guest bound to {@code nodes} (empty: unbound) can still get. */
    long availableKiB(Optional<Set<Integer>> nodes) {
        if (nodes.isEmpty() || nodeAvailableKiB.isEmpty()) {
            return availableKiB;
        }
        long onNodes = nodes.get().stream()
                .mapToLong(node -> Math.max(0, nodeAvailableKiB.getOrDefault(node, 0L) - unboundKiB))
                .sum();
        return Math.min(availableKiB, onNodes);
    }

    /** Takes the memory (rounded up to whole pages) if it fits. */
    boolean take(long memoryKiB, Optional<Set<Integer>> nodes) {
        if (pageSizeKiB.isEmpty() || pages(memoryKiB) > availableKiB(nodes)) {
            return false;
        }
        claim(memoryKiB, nodes);
        return true;
    }

    /** Counts memory that will be taken whether it fits or not: a guest already on hugepages. */
    void claim(long memoryKiB, Optional<Set<Integer>> nodes) {
        long needed = pages(memoryKiB);
        availableKiB = Math.max(0, availableKiB - needed);
        if (nodes.isEmpty() || nodeAvailableKiB.isEmpty()) {
            unboundKiB += needed;
            return;
        }
        long left = needed;
        for (int node : nodes.get().stream().sorted().toList()) {
            long taken = Math.min(left, Math.max(0, nodeAvailableKiB.getOrDefault(node, 0L)));
            nodeAvailableKiB.merge(node, -taken, Long::sum);
            left -= taken;
        }
    }

    /** What is left now, to go back to ({@link #restore}) if the domain about to be planned is not planned after all. */
    Balance balance() {
        return new Balance(availableKiB, Map.copyOf(nodeAvailableKiB), unboundKiB);
    }

    /** Gives back every page taken or claimed since {@code balance} was read. */
    void restore(Balance balance) {
        availableKiB = balance.availableKiB();
        nodeAvailableKiB.clear();
        nodeAvailableKiB.putAll(balance.nodeAvailableKiB());
        unboundKiB = balance.unboundKiB();
    }

    /** The budget's state at one point of the planning. */
    record Balance(long availableKiB, Map<Integer, Long> nodeAvailableKiB, long unboundKiB) {}

    private long pages(long memoryKiB) {
        long page = pageSizeKiB.orElse(1);
        return (memoryKiB + page - 1) / page * page;
    }
}
