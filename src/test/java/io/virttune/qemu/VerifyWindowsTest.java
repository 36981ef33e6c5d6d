package io.virttune.qemu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.lvm.ProvisionedChunks;
import io.virttune.qemu.AllocationMap.Extent;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class VerifyWindowsTest {
    private static final long MIB = 1L << 20;
    private static final long CHUNK = 4 * MIB;
    private static final long IMAGE = 1001 * MIB;
    private static final long DEVICE = 1024 * MIB;

    /** ConversionLabIT's image: data at 0, 500 MiB and 1000 MiB, zeros between, as qemu-img maps it. */
    private static final AllocationMap SOURCE = new AllocationMap(
            IMAGE,
            List.of(new Extent(0, 50 * MIB), new Extent(500 * MIB, 50 * MIB), new Extent(1000 * MIB, MIB)),
            List.of(new Extent(50 * MIB, 450 * MIB), new Extent(550 * MIB, 450 * MIB)));

    @Test
    void theDataAndTheChunksItsCopyProvisionedAreReadAndNothingElse() {
        ProvisionedChunks copy = chunks(new long[] {0, 52}, new long[] {500, 52}, new long[] {1000, 4});

        assertEquals(
                List.of(new Extent(0, 52 * MIB), new Extent(500 * MIB, 52 * MIB), new Extent(1000 * MIB, 4 * MIB)),
                VerifyWindows.of(SOURCE, copy, IMAGE, DEVICE));
    }

    @Test
    void aChunkProvisionedWhereTheSourceReadsAsZerosIsRead() {
        ProvisionedChunks stray = chunks(new long[] {0, 52}, new long[] {300, 4}, new long[] {500, 52});

        List<Extent> windows = VerifyWindows.of(SOURCE, stray, IMAGE, DEVICE);

        assertTrue(windows.contains(new Extent(300 * MIB, 4 * MIB)), windows.toString());
    }

    @Test
    void aChunkPastTheImagesEndIsReadInAWindowThatBeginsInsideTheImage() {
        ProvisionedChunks tail = chunks(new long[] {0, 52}, new long[] {500, 52}, new long[] {1020, 4});

        List<Extent> windows = VerifyWindows.of(SOURCE, tail, IMAGE, DEVICE);

        // The source's last MiB and the chunk at 1020 MiB are 19 MiB apart: one window, from 1000 MiB.
        assertEquals(new Extent(1000 * MIB, 24 * MIB), windows.get(windows.size() - 1));
    }

    @Test
    void whatTheSourcesMapDoesNotSayIsZeroIsRead() {
        // A map that ends early, or says nothing of zeros, leaves the rest to be read.
        AllocationMap silent =
                new AllocationMap(IMAGE, List.of(new Extent(0, MIB)), List.of(new Extent(MIB, 99 * MIB)));

        assertEquals(
                List.of(new Extent(0, MIB), new Extent(100 * MIB, IMAGE - 100 * MIB)),
                VerifyWindows.of(silent, chunks(), IMAGE, DEVICE));
    }

    @Test
    void manyScatteredRangesAreJoinedIntoABoundedNumberOfWindowsCoveringThemAll() {
        long image = 4000 * MIB;
        List<Extent> data = new ArrayList<>();
        List<Extent> zeros = new ArrayList<>();
        for (long stride = 0; stride < 40; stride++) {
            // 1 MiB of data every 100 MiB, shifted by 0, 1 or 2 MiB so that the gaps differ.
            long at = stride * 100 * MIB + (stride % 3) * MIB;
            long next = stride == 39 ? image : (stride + 1) * 100 * MIB + ((stride + 1) % 3) * MIB;
            data.add(new Extent(at, MIB));
            zeros.add(new Extent(at + MIB, next - at - MIB));
        }
        AllocationMap scattered = new AllocationMap(image, data, zeros);

        List<Extent> windows = VerifyWindows.of(scattered, chunks(), image, image);

        assertEquals(VerifyWindows.MAX_WINDOWS, windows.size());
        for (Extent extent : data) {
            assertTrue(
                    windows.stream().anyMatch(w -> w.start() <= extent.start() && extent.end() <= w.end()),
                    extent + " is in no window of " + windows);
        }
    }

    private static ProvisionedChunks chunks(long[]... mibRuns) {
        List<ProvisionedChunks.Run> runs = new ArrayList<>();
        for (long[] run : mibRuns) {
            runs.add(new ProvisionedChunks.Run(run[0] * MIB, run[1] * MIB));
        }
        return new ProvisionedChunks(CHUNK, runs);
    }
}
