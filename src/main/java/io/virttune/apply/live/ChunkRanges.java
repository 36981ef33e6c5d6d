package io.virttune.apply.live;

import io.virttune.qemu.AllocationMap;
import io.virttune.qemu.AllocationMap.Extent;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Whole chunks of a thin pool on one LV, as byte ranges in order, none overlapping: those where a
 * source reads as zeros, those given back before the pause, and what one set has that another has
 * not. Every range starts and ends on a chunk boundary, so the difference of two sets is whole
 * chunks too.
 */
record ChunkRanges(long chunkBytes, List<Extent> ranges) {

    ChunkRanges {
        ranges = List.copyOf(ranges);
    }

    /** The chunks lying wholly where {@code map} says the image reads as zeros. */
    static ChunkRanges zerosOf(AllocationMap map, long chunkBytes) {
        return new ChunkRanges(chunkBytes, map.zeroChunks(chunkBytes));
    }

    boolean isEmpty() {
        return ranges.isEmpty();
    }

    long bytes() {
        return ranges.stream().mapToLong(Extent::length).sum();
    }

    /** The {@code count} longest ranges (the first of equal ones), in order. */
    ChunkRanges longest(int count) {
        List<Extent> longest = ranges.stream()
                .sorted(Comparator.comparingLong(Extent::length).reversed())
                .limit(count)
                .sorted(Comparator.comparingLong(Extent::start))
                .toList();
        return new ChunkRanges(chunkBytes, longest);
    }

    /** What these ranges cover that {@code other}'s do not. */
    ChunkRanges minus(ChunkRanges other) {
        List<Extent> left = new ArrayList<>();
        int first = 0;
        for (Extent range : ranges) {
            long at = range.start();
            long end = range.start() + range.length();
            while (first < other.ranges.size() && endOf(other.ranges.get(first)) <= at) {
                first++;
            }
            for (int i = first; i < other.ranges.size() && other.ranges.get(i).start() < end; i++) {
                Extent cut = other.ranges.get(i);
                if (cut.start() > at) {
                    left.add(new Extent(at, cut.start() - at));
                }
                at = Math.max(at, endOf(cut));
            }
            if (at < end) {
                left.add(new Extent(at, end - at));
            }
        }
        return new ChunkRanges(chunkBytes, left);
    }

    /** The ranges cut into pieces of whole chunks, about {@code pieceBytes} each at most. */
    List<Extent> pieces(long pieceBytes) {
        long piece = Math.max(1, pieceBytes / chunkBytes) * chunkBytes;
        List<Extent> pieces = new ArrayList<>();
        for (Extent range : ranges) {
            long end = endOf(range);
            for (long at = range.start(); at < end; at += piece) {
                pieces.add(new Extent(at, Math.min(piece, end - at)));
            }
        }
        return pieces;
    }

    private static long endOf(Extent range) {
        return range.start() + range.length();
    }
}
