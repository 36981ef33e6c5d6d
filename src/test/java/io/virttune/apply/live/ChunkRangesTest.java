package io.virttune.apply.live;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.virttune.qemu.AllocationMap.Extent;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The arithmetic of whole chunks that apply gives back before the pause and checks again in it. */
class ChunkRangesTest {
    private static final long MIB = 1L << 20;
    private static final long CHUNK = 4 * MIB;

    @Test
    void whatOneSetCoversThatTheOtherDoesNot() {
        ChunkRanges givenBack = chunks(0, 32, 64, 128, 200, 204);
        ChunkRanges zerosNow = chunks(0, 8, 16, 32, 64, 96, 100, 128, 180, 220);

        // 8-16 MiB and 96-100 MiB hold data now; 200-204 MiB lies inside a range of zeros.
        assertEquals(chunks(8, 16, 96, 100), givenBack.minus(zerosNow));
        // What reads as zeros now and was not given back.
        assertEquals(chunks(180, 200, 204, 220), zerosNow.minus(givenBack));
        assertEquals(givenBack, givenBack.minus(chunks()));
        assertEquals(chunks(), chunks().minus(givenBack));
        assertEquals(chunks(), givenBack.minus(chunks(0, 1024)));
    }

    @Test
    void oneRangeCanCoverSeveralOfTheOthers() {
        assertEquals(chunks(0, 4, 8, 12, 28, 32), chunks(0, 32).minus(chunks(4, 8, 12, 28)));
        assertEquals(chunks(0, 4, 24, 28), chunks(0, 8, 12, 16, 20, 28).minus(chunks(4, 24)));
    }

    @Test
    void theLongestRangesKeepTheirOrder() {
        ChunkRanges zeros = chunks(0, 4, 8, 40, 48, 52, 64, 128);

        assertEquals(chunks(8, 40, 64, 128), zeros.longest(2));
        // 0-4 and 48-52 MiB are as long: the first is taken.
        assertEquals(chunks(0, 4, 8, 40, 64, 128), zeros.longest(3));
        assertEquals(zeros, zeros.longest(10));
        assertEquals(104 * MIB, zeros.bytes());
    }

    @Test
    void piecesAreWholeChunksOfAboutTheSizeAsked() {
        assertEquals(
                List.of(
                        new Extent(0, 8 * MIB),
                        new Extent(8 * MIB, 8 * MIB),
                        new Extent(16 * MIB, 4 * MIB),
                        new Extent(40 * MIB, 4 * MIB)),
                chunks(0, 20, 40, 44).pieces(10 * MIB));
        // Never less than a chunk.
        assertEquals(
                List.of(new Extent(0, CHUNK), new Extent(CHUNK, CHUNK)),
                chunks(0, 8).pieces(MIB));
    }

    /** Ranges from pairs of MiB offsets: start, end, start, end, ... */
    private static ChunkRanges chunks(long... mib) {
        List<Extent> ranges = new java.util.ArrayList<>();
        for (int i = 0; i < mib.length; i += 2) {
            ranges.add(new Extent(mib[i] * MIB, (mib[i + 1] - mib[i]) * MIB));
        }
        return new ChunkRanges(CHUNK, ranges);
    }
}
