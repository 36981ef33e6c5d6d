package io.virttune.qemu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.virttune.Fixtures;
import java.util.List;
import org.junit.jupiter.api.Test;

class ThinFootprintTest {
    private static final long KIB = 1L << 10;
    private static final long MIB = 1L << 20;
    private static final long GIB = 1L << 30;

    private static ThinFootprint sparse() {
        return ThinFootprint.of(AllocationMap.parse(
                Fixtures.read(ThinFootprintTest.class, "/io/virttune/qemu/map-sparse-4m-stride.json")));
    }

    @Test
    void recordsTheRecordedSparseImageAtEveryChunkSizeLvmAllows() {
        // 2048 writes of 4 KiB, 4 MiB apart, each in a 64 KiB qcow2 cluster: one chunk each up to 4 MiB, all 8 GiB
        // beyond.
        List<Long> expected = List.of(
                128 * MIB, 256 * MIB, 512 * MIB, GIB, 2 * GIB, 4 * GIB, 8 * GIB, 8 * GIB, 8 * GIB, 8 * GIB, 8 * GIB,
                8 * GIB, 8 * GIB, 8 * GIB, 8 * GIB);
        assertEquals(expected, sparse().provisionedBytes());
        assertEquals(8 * GIB, sparse().provisionedBytes(4 * MIB));
        assertEquals(128 * MIB, sparse().provisionedBytes(64 * KIB));
        assertEquals(8 * GIB, sparse().provisionedBytes(GIB));
    }

    @Test
    void theMapOfTheTopImageCountsItsBackingFilesDataAsTheGuestSeesIt() {
        ThinFootprint chain = ThinFootprint.of(AllocationMap.parse(
                Fixtures.read(ThinFootprintTest.class, "/io/virttune/qemu/map-backing-chain.json")));

        // The base's writes at 0 and 32 MiB (depth 1) and the top's at 8 MiB: three 4 MiB chunks.
        assertEquals(3 * 4 * MIB, chain.provisionedBytes(4 * MIB));
        assertEquals(3 * 64 * KIB, chain.provisionedBytes(64 * KIB));
    }

    @Test
    void aChunkThatIsNotAPowerOfTwoGetsAnUpperBoundFromTheLargestPowerOfTwoDividingIt() {
        // 192 KiB = 3 x 64 KiB: at most one 192 KiB chunk for every touched 64 KiB one (2048 of them).
        assertEquals(2048 * 192 * KIB, sparse().provisionedBytes(192 * KIB));
        // 12 MiB = 3 x 4 MiB: 2048 touched 4 MiB chunks bound it to 24 GiB; the true figure is 8 GiB,
        // a bound a pool of such chunks (which lvcreate only makes on request) has to live with.
        assertEquals(2048 * 12 * MIB, sparse().provisionedBytes(12 * MIB));
    }

    @Test
    void refusesWhatIsNotAThinPoolChunkSize() {
        assertThrows(IllegalArgumentException.class, () -> sparse().provisionedBytes(32 * KIB));
        assertThrows(IllegalArgumentException.class, () -> sparse().provisionedBytes(100 * KIB));
        assertThrows(IllegalArgumentException.class, () -> sparse().provisionedBytes(2 * GIB));
    }
}
