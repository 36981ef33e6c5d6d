package io.virttune.qemu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.VirtTuneException;
import io.virttune.qemu.AllocationMap.Extent;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class WindowComparesTest {
    private static final long MIB = 1L << 20;
    private static final Comparison SAME = new Comparison(true, "Images are identical.");

    /** {@code count} windows of 1 MiB, window {@code i} at {@code i} MiB. */
    private static List<Extent> windows(int count) {
        return LongStream.range(0, count)
                .mapToObj(i -> new Extent(i * MIB, MIB))
                .toList();
    }

    private static int index(Extent window) {
        return (int) (window.start() / MIB);
    }

    private static Comparison differsIn(Extent window) {
        return new Comparison(false, "Content mismatch at offset " + window.start() + "!");
    }

    @Test
    void theFirstWindowByOffsetThatDiffersIsReportedThoughALaterOneFinishedFirst() {
        CountDownLatch laterOneDiffered = new CountDownLatch(1);
        Set<Integer> compared = ConcurrentHashMap.newKeySet();

        Optional<Comparison> result = new WindowCompares(4).firstDifference(windows(8), window -> {
            compared.add(index(window));
            if (index(window) == 5) {
                laterOneDiffered.countDown();
                return differsIn(window);
            }
            if (index(window) == 2) {
                await(laterOneDiffered);
                return differsIn(window);
            }
            return SAME;
        });

        assertEquals(Optional.of(differsIn(new Extent(2 * MIB, MIB))), result);
        assertTrue(compared.contains(5), "window 5 differed before window 2 ended: " + compared);
    }

    @Test
    void windowsAfterOneThatDiffersAreNotCompared() {
        Set<Integer> compared = ConcurrentHashMap.newKeySet();

        Optional<Comparison> result = new WindowCompares(1).firstDifference(windows(5), window -> {
            compared.add(index(window));
            return index(window) == 1 ? differsIn(window) : SAME;
        });

        assertEquals(Optional.of(differsIn(new Extent(MIB, MIB))), result);
        assertEquals(Set.of(0, 1), compared);
    }

    @Test
    void noMoreWindowsThanItsProcessesAreComparedAtOnce() {
        CountDownLatch threeRunning = new CountDownLatch(3);
        AtomicInteger running = new AtomicInteger();
        AtomicInteger most = new AtomicInteger();

        Optional<Comparison> result = new WindowCompares(3).firstDifference(windows(12), window -> {
            most.accumulateAndGet(running.incrementAndGet(), Math::max);
            // The first three wait for one another: they can only all end if three run at once.
            threeRunning.countDown();
            await(threeRunning);
            running.decrementAndGet();
            return SAME;
        });

        assertEquals(Optional.empty(), result);
        assertEquals(3, most.get());
    }

    @Test
    void aWindowThatCouldNotBeComparedFailsTheVerifyWhereNoEarlierOneDiffers() {
        VirtTuneException unreadable = VirtTuneException.failed("qemu-img compare: Could not open the LV");

        VirtTuneException thrown = assertThrows(
                VirtTuneException.class,
                () -> new WindowCompares(4).firstDifference(windows(6), window -> switch (index(window)) {
                    case 1 -> throw unreadable;
                    case 3 -> differsIn(window);
                    default -> SAME;
                }));
        assertSame(unreadable, thrown);

        Optional<Comparison> earlierDiffers = new WindowCompares(4)
                .firstDifference(windows(6), window -> switch (index(window)) {
                    case 0 -> differsIn(window);
                    case 1 -> throw unreadable;
                    default -> SAME;
                });
        assertEquals(Optional.of(differsIn(new Extent(0, MIB))), earlierDiffers);
    }

    @Test
    void asManyRunAtOnceAsThereAreWindowsUpToItsProcesses() {
        assertEquals(2, new WindowCompares(4).atOnce(2));
        assertEquals(4, new WindowCompares(4).atOnce(16));
        assertEquals(1, new WindowCompares(4).atOnce(0));
    }

    private static void await(CountDownLatch latch) {
        try {
            assertTrue(latch.await(30, TimeUnit.SECONDS), "timed out waiting for the other windows");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
