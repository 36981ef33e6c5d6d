package io.virttune.qemu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.virttune.VirtTuneException;
import java.util.List;
import org.junit.jupiter.api.Test;

class AllocationMapTest {
    private static final long MIB = 1L << 20;

    // qemu-img 7.2's map of a 1 GiB qcow2 after writes of 50 MiB at 0 and 500 MiB (split by qcow2).
    private static final String MAP = """
      [{ "start": 0, "length": 52428800, "depth": 0, "present": true, "zero": false, "data": true, "offset": 327680},
      { "start": 52428800, "length": 471859200, "depth": 0, "present": false, "zero": true, "data": false},
      { "start": 524288000, "length": 12582912, "depth": 0, "present": true, "zero": false, "data": true, "offset": 52756480},
      { "start": 536870912, "length": 39845888, "depth": 0, "present": true, "zero": false, "data": true, "offset": 65404928},
      { "start": 576716800, "length": 497025024, "depth": 0, "present": false, "zero": true, "data": false}]
      """;

    @Test
    void countsTheDataOfAQcow2sExternalDataFileWhichItsActualSizeLeavesOut() {
        AllocationMap map =
                AllocationMap.parse(io.virttune.Fixtures.read(getClass(), "/io/virttune/qemu/map-data-file.json"));

        // actual-size said 260 KiB: the qcow2 file alone. The data file holds 1 MiB and a 4 KiB write in a 64 KiB
        // cluster.
        assertEquals(MIB + 64 * 1024, map.allocatedBytes());
        assertEquals(MIB + 64 * 1024, map.thinProvisionedBytes(64 * 1024));
        assertEquals(2 * 4 * MIB, map.thinProvisionedBytes(4 * MIB));
    }

    @Test
    void readsVirtualSizeAndDataExtents() {
        AllocationMap map = AllocationMap.parse(MAP);
        assertEquals(1024 * MIB, map.virtualSizeBytes());
        assertEquals(3, map.dataExtents().size());
        assertEquals(100 * MIB, map.allocatedBytes());
    }

    @Test
    void countsEveryChunkDataTouchesOnce() {
        AllocationMap map = AllocationMap.parse(MAP);
        // 0-50 MiB touches chunks 0..12, 500-550 MiB 125..137 (its two extents share chunk 128):
        // 26 chunks, the 10.16% of 1 GiB that lvs showed in the lab.
        assertEquals(26 * 4 * MIB, map.thinProvisionedBytes(4 * MIB));
        assertEquals(100 * MIB, map.thinProvisionedBytes(MIB));
    }

    @Test
    void givesBackTheWholeChunksOfWhatReadsAsZerosAndNotOneMore() {
        AllocationMap map = AllocationMap.parse(MAP);

        // 50-500 MiB and 550 MiB-1 GiB read as zeros: their whole 4 MiB chunks start at 52 and 552 MiB.
        assertEquals(
                List.of(new AllocationMap.Extent(52 * MIB, 448 * MIB), new AllocationMap.Extent(552 * MIB, 472 * MIB)),
                map.zeroChunks(4 * MIB));
        // What the data provisions and what is given back are the whole image, at every chunk size.
        for (long chunk = 64 << 10; chunk <= 1L << 30; chunk <<= 1) {
            long givenBack = map.zeroChunks(chunk).stream()
                    .mapToLong(AllocationMap.Extent::length)
                    .sum();
            assertEquals(map.virtualSizeBytes(), map.thinProvisionedBytes(chunk) + givenBack, "chunk " + chunk);
        }
    }

    @Test
    void joinsAdjacentZeroRegionsAndTrustsOnlyQemuImgsWordThatARegionIsZero() {
        String map = """
        [{ "start": 0, "length": 2097152, "depth": 0, "present": false, "zero": true, "data": false},
        { "start": 2097152, "length": 6291456, "depth": 0, "present": true, "zero": true, "data": true, "offset": 0},
        { "start": 8388608, "length": 4194304, "depth": 1, "present": false, "zero": false, "data": false},
        { "start": 12582912, "length": 5242880, "depth": 0, "present": false, "data": false},
        { "start": 17825792, "length": 5242880, "depth": 0, "present": false, "zero": true, "data": false}]
        """;

        // 0-8 MiB reads as zeros in two regions (the second allocated, preallocated zeros): one range.
        // 8-12 MiB is neither data nor zero (a backing file's unallocated region), 12-17 MiB says
        // nothing of zeros: both kept. 17-22 MiB holds no whole 4 MiB chunk, and two of 2 MiB from 18 MiB.
        assertEquals(
                List.of(new AllocationMap.Extent(0, 8 * MIB)),
                AllocationMap.parse(map).zeroChunks(4 * MIB));
        assertEquals(
                List.of(new AllocationMap.Extent(0, 8 * MIB), new AllocationMap.Extent(18 * MIB, 4 * MIB)),
                AllocationMap.parse(map).zeroChunks(2 * MIB));
    }

    @Test
    void countsTheChunkTheImageEndsInWhenItEndsInsideOne() {
        String map = """
        [{ "start": 0, "length": 1048576, "depth": 0, "present": true, "zero": false, "data": true},
        { "start": 1048576, "length": 9437184, "depth": 0, "present": false, "zero": true, "data": false}]
        """;
        assertEquals(8 * MIB, AllocationMap.parse(map).thinProvisionedBytes(4 * MIB));
        assertEquals(MIB, AllocationMap.parse(map).thinProvisionedBytes(MIB));
    }

    @Test
    void refusesWhatIsNotAMap() {
        assertThrows(VirtTuneException.class, () -> AllocationMap.parse("{\"start\": 0}"));
        assertThrows(VirtTuneException.class, () -> AllocationMap.parse("qemu-img: error"));
    }
}
