package io.virttune.qemu;

import io.virttune.lvm.ProvisionedChunks;
import io.virttune.qemu.AllocationMap.Extent;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * The windows of a thin LV a verify reads: wherever the source may hold data and wherever the pool
 * provisioned a chunk, joined into a bounded number (package-info).
 */
final class VerifyWindows {
    /** At most this many windows: each is one qemu-img process, which opens the image again. */
    static final int MAX_WINDOWS = 16;

    /** Windows this close are joined: reading the zeros between costs less than another process. */
    static final long JOINED_GAP = 64L << 20;

    private static final long SECTOR = 512;

    private VerifyWindows() {}

    /**
     * The windows, in order, within {@code deviceBytes}: none starts at or past the image's end
     * ({@code imageBytes}, at least one sector), so each has some of the source to compare with.
     */
    static List<Extent> of(AllocationMap source, ProvisionedChunks provisioned, long imageBytes, long deviceBytes) {
        if (imageBytes < SECTOR || imageBytes % SECTOR != 0 || deviceBytes < imageBytes) {
            throw new IllegalArgumentException("no verify of " + imageBytes + " bytes in " + deviceBytes);
        }
        List<Extent> needed = new ArrayList<>(notZero(source, imageBytes));
        for (ProvisionedChunks.Run run : provisioned.runs()) {
            long start = Math.min(run.start(), imageBytes - SECTOR);
            long end = Math.min(run.start() + run.length(), deviceBytes);
            if (end > start) {
                needed.add(new Extent(start, end - start));
            }
        }
        needed.sort(Comparator.comparingLong(Extent::start));
        return bounded(joined(needed, JOINED_GAP));
    }

    /** Where the source's map does not say it reads as zeros: the whole image less its zero regions. */
    private static List<Extent> notZero(AllocationMap source, long imageBytes) {
        List<Extent> zeros = new ArrayList<>(source.zeroExtents());
        zeros.sort(Comparator.comparingLong(Extent::start));
        List<Extent> rest = new ArrayList<>();
        long at = 0;
        for (Extent zero : zeros) {
            if (zero.start() > at) {
                rest.add(new Extent(at, Math.min(zero.start(), imageBytes) - at));
            }
            at = Math.max(at, zero.end());
            if (at >= imageBytes) {
                return rest;
            }
        }
        rest.add(new Extent(at, imageBytes - at));
        return rest;
    }

    /** {@code sorted} with every two ranges at most {@code gap} apart, or overlapping, made one. */
    private static List<Extent> joined(List<Extent> sorted, long gap) {
        List<Extent> joined = new ArrayList<>();
        for (Extent next : sorted) {
            int last = joined.size() - 1;
            if (last >= 0 && next.start() - joined.get(last).end() <= gap) {
                Extent previous = joined.get(last);
                joined.set(last, new Extent(previous.start(), Math.max(previous.end(), next.end()) - previous.start()));
            } else {
                joined.add(next);
            }
        }
        return joined;
    }

    /** {@code windows} with the smallest gaps closed, the first of equal ones first, until at most {@link #MAX_WINDOWS} are left. */
    private static List<Extent> bounded(List<Extent> windows) {
        int excess = windows.size() - MAX_WINDOWS;
        if (excess <= 0) {
            return windows;
        }
        Set<Integer> closed = IntStream.range(1, windows.size())
                .boxed()
                .sorted(Comparator.comparingLong((Integer i) ->
                                windows.get(i).start() - windows.get(i - 1).end())
                        .thenComparing(i -> i))
                .limit(excess)
                .collect(Collectors.toSet());
        List<Extent> bounded = new ArrayList<>();
        for (int i = 0; i < windows.size(); i++) {
            Extent window = windows.get(i);
            if (closed.contains(i)) {
                Extent previous = bounded.remove(bounded.size() - 1);
                window = new Extent(previous.start(), window.end() - previous.start());
            }
            bounded.add(window);
        }
        return bounded;
    }
}
