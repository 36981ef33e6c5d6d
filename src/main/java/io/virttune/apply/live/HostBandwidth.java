package io.virttune.apply.live;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongConsumer;

/**
 * The host's cap on its copies together ({@code apply --host-bandwidth}), offline and live, shared
 * out among the copies that run at once.
 */
public final class HostBandwidth {
    private final long capBytesPerSecond;
    private final int slots;
    /** Each running copy's own limit (0: none), in the order they started. */
    private final Map<Lease, Long> limits = new LinkedHashMap<>();
    /** The speed each running copy was last given. */
    private final Map<Lease, Long> speeds = new LinkedHashMap<>();
    /** The speed of each running copy that cannot change it. */
    private final Map<Lease, Long> fixed = new LinkedHashMap<>();

    /** @param capBytesPerSecond the cap, bytes per second; 0 for none */
    public HostBandwidth(long capBytesPerSecond) {
        this(capBytesPerSecond, 1);
    }

    /**
     * @param capBytesPerSecond the cap, bytes per second; 0 for none
     * @param slots how many domains apply moves at once ({@code --jobs}): an offline copy's share
     */
    public HostBandwidth(long capBytesPerSecond, int slots) {
        if (capBytesPerSecond < 0) {
            throw new IllegalArgumentException("a bandwidth cap cannot be negative: " + capBytesPerSecond);
        }
        if (slots < 1) {
            throw new IllegalArgumentException("at least one copy runs at a time: " + slots);
        }
        this.capBytesPerSecond = capBytesPerSecond;
        this.slots = slots;
    }

    /** One copy's place under the cap, from its start to its end. */
    public final class Lease implements AutoCloseable {
        private final LongConsumer setSpeed;

        private Lease(LongConsumer setSpeed) {
            this.setSpeed = setSpeed;
        }

        /** The speed this copy was last given, bytes per second (0: unlimited). */
        public long speed() {
            synchronized (HostBandwidth.this) {
                return fixed.containsKey(this) ? fixed.get(this) : speeds.getOrDefault(this, 0L);
            }
        }

        /** The copy has ended (pivoted, aborted or failed): its share goes to the others. */
        @Override
        public void close() {
            synchronized (HostBandwidth.this) {
                if (fixed.remove(this) != null) {
                    rebalance();
                } else if (limits.remove(this) != null) {
                    speeds.remove(this);
                    rebalance();
                }
            }
        }
    }

    /**
     * Starts a copy with its own limit {@code ownLimit} (0: none): the others slowed to make room,
     * then {@code start} given the copy's speed (0: unlimited, only without a cap or a limit), all
     * under the lock, so that no other copy sets this one's speed before its job exists;
     * {@code setSpeed} sets it later, when another copy starts or ends.
     */
    public synchronized Lease start(long ownLimit, LongConsumer start, LongConsumer setSpeed) {
        Lease lease = new Lease(setSpeed);
        limits.put(lease, ownLimit);
        long speed = rebalance().get(lease);
        try {
            start.accept(speed);
        } catch (RuntimeException e) {
            lease.close();
            throw e;
        }
        return lease;
    }

    /** The shares now, each changed one set on its job (under the lock: no copy ends while its speed is set). */
    /**
     * Starts a copy whose speed is set once, at its start ({@code qemu-img convert -r}, a throttled
     * compare), the live copies slowed first to make room; the lease's {@link Lease#speed} is the
     * copy's (0: unlimited, only without a cap or a limit).
     */
    public synchronized Lease startFixed(long ownLimit) {
        Lease lease = new Lease(speed -> {});
        long speed = ownLimit;
        if (capBytesPerSecond > 0) {
            long taken = fixed.values().stream().mapToLong(Long::longValue).sum();
            long share = Math.max(1, (capBytesPerSecond - taken) / Math.max(1, slots - fixed.size()));
            speed = ownLimit == 0 ? share : Math.min(ownLimit, share);
        }
        fixed.put(lease, speed);
        rebalance();
        return lease;
    }

    private Map<Lease, Long> rebalance() {
        Map<Lease, Long> shares = shares();
        shares.forEach((lease, share) -> {
            Long before = speeds.get(lease);
            if (before == null) {
                // The copy about to start: it starts at its share.
                speeds.put(lease, share);
            } else if (before != share.longValue()) {
                try {
                    lease.setSpeed.accept(share);
                    speeds.put(lease, share);
                } catch (RuntimeException ended) {
                    // Its job has just ended (the guest stopped, libvirtd went away): that copy's own thread
                    // finds out and fails its domain; this one, which only changed the shares, goes on. Its
                    // speed stays as last set, so the next change of shares tries again.
                }
            }
        });
        return shares;
    }

    /** Max-min fair shares of the cap, the most limited copies served first. */
    private Map<Lease, Long> shares() {
        Map<Lease, Long> shares = new LinkedHashMap<>();
        if (capBytesPerSecond == 0) {
            shares.putAll(limits);
            return shares;
        }
        List<Map.Entry<Lease, Long>> byLimit = new ArrayList<>(limits.entrySet());
        // A copy with no limit of its own takes whatever is left, so it comes last.
        byLimit.sort(Comparator.comparingLong(entry -> entry.getValue() == 0 ? Long.MAX_VALUE : entry.getValue()));
        long left = Math.max(
                0,
                capBytesPerSecond
                        - fixed.values().stream().mapToLong(Long::longValue).sum());
        int waiting = byLimit.size();
        for (Map.Entry<Lease, Long> entry : byLimit) {
            // Never 0, which libvirt reads as no limit at all: a cap below one byte per copy gives each 1.
            long fair = Math.max(1, left / waiting);
            long share = entry.getValue() == 0 ? fair : Math.min(entry.getValue(), fair);
            shares.put(entry.getKey(), share);
            left = Math.max(0, left - share);
            waiting--;
        }
        return shares;
    }
}
