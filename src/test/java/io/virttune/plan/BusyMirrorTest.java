package io.virttune.plan;

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

        BusyMirror.Copy copy = BusyMirror.copy(1024 * MIB, 100.0 * MIB, writes, 1024 * MIB);

        assertTrue(copy.copiedAgain(), copy.toString());
        assertTrue(copy.writtenBytes() >= 1024 * MIB, "the background copy, then the disk again: " + copy);
        assertTrue(copy.seconds() > copy.backgroundSeconds() && Double.isFinite(copy.seconds()), copy.toString());
    }
}
