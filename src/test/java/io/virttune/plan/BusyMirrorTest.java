package io.virttune.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.inspect.GuestWriteRate;
import org.junit.jupiter.api.Test;

/** A busy guest's live copy as the mirror copies it: what its writes dirty never exceeds what was copied. */
class BusyMirrorTest {
    private static final long MIB = 1L << 20;

    @Test
    void aGuestDirtyingMoreThanTheWholeDiskEachSecondOutpacesTheCopyItNeverCatchesUp() {
        // 65536 writes of 4 KiB a second, each dirtying a 64 KiB granule: 4 GiB/s on a 1 GiB disk
        // copied at 100 MiB/s.
        GuestWriteRate writes = new GuestWriteRate(65_536, 256 * MIB, 2_000);

        BusyMirror.Copy copy = BusyMirror.copy(
                1024 * MIB, new BusyMirror.Paces(100.0 * MIB, 100.0 * MIB, 100.0 * MIB), writes, 1024 * MIB);

        assertTrue(copy.copiedAgain(), copy.toString());
        assertTrue(copy.writtenBytes() >= 1024 * MIB, "the background copy, then the disk again: " + copy);
        assertTrue(copy.seconds() > copy.backgroundSeconds() && Double.isFinite(copy.seconds()), copy.toString());
    }

    @Test
    void theFirstPassTheDirtiedGranulesAndTheCopyAgainEachGoAtTheirOwnPace() {
        // 256 writes of 4 KiB a second: 16 MiB/s of 64 KiB granules dirtied, on a 200 MiB disk whose
        // first pass goes at 100 MiB/s and whose scattered granules at 40 MiB/s. By hand, in MiB:
        // second 1: nothing copied is clean, nothing dirtied; the first pass copies 100.
        // second 2: 100 clean, dirtied at 16 * 100/200 = 8 a second; the first pass ends at 1 s with 8
        //   dirty, which at 40 - 8 would take 0.25 s more: not ready within the second; 200 copied, 8 left.
        // second 3: 192 clean, dirtied at 16 * 192/200 = 15.36; 8 / (40 - 15.36) = 0.3247 s: ready at
        //   2.3247 s, 200 + 40 * 0.3247 = 212.99 written. (One pace of 100 would have it ready at 2.09 s.)
        GuestWriteRate writes = new GuestWriteRate(256, MIB, 2_000);

        BusyMirror.Copy copy = BusyMirror.copy(
                200 * MIB, new BusyMirror.Paces(100.0 * MIB, 40.0 * MIB, 10.0 * MIB), writes, 200 * MIB);

        assertFalse(copy.copiedAgain(), copy.toString());
        double again = 8 / (40 - 15.36);
        assertEquals(2 + again, copy.seconds(), 1e-6, copy.toString());
        assertEquals(Math.round((200 + 40 * again) * MIB), copy.writtenBytes(), 1, copy.toString());
    }

    @Test
    void aCopyGivenUpIsMadeAgainAtTheSynchronousPace() {
        GuestWriteRate writes = new GuestWriteRate(65_536, 256 * MIB, 2_000);

        BusyMirror.Copy copy = BusyMirror.copy(
                1024 * MIB, new BusyMirror.Paces(100.0 * MIB, 40.0 * MIB, 10.0 * MIB), writes, 1024 * MIB);

        assertTrue(copy.copiedAgain(), copy.toString());
        // The whole 1 GiB again at 10 MiB/s, after the background copy was given up.
        assertEquals(copy.backgroundSeconds() + 102.4, copy.seconds(), 1e-6, copy.toString());
    }

    @Test
    void aDiskOfUnknownSizeIsPredictedItsCopyAgainWritingAtLeastWhatTheBackgroundOneHadTo() {
        // A disk whose size reads 0 (a storage pool's volume of unknown capacity): apply's rule has no
        // copy afresh to beat, gives up only a copy that gets no closer, and the copy made again writes
        // the whole disk, no less than the 1 GiB of data the background copy had to.
        GuestWriteRate writes = new GuestWriteRate(65_536, 256 * MIB, 2_000);

        BusyMirror.Copy copy =
                BusyMirror.copy(1024 * MIB, new BusyMirror.Paces(100.0 * MIB, 40.0 * MIB, 10.0 * MIB), writes, 0);

        assertTrue(copy.copiedAgain(), copy.toString());
        assertEquals(copy.backgroundSeconds() + 102.4, copy.seconds(), 1e-6, copy.toString());
    }
}
