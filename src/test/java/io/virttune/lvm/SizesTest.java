package io.virttune.lvm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class SizesTest {
    private static final long MIB = 1L << 20;

    @Test
    void roundsUpToWholeExtents() {
        assertEquals(0, Sizes.roundUp(0, 4 * MIB));
        assertEquals(4 * MIB, Sizes.roundUp(1, 4 * MIB));
        assertEquals(4 * MIB, Sizes.roundUp(4 * MIB, 4 * MIB));
        assertEquals(8 * MIB, Sizes.roundUp(4 * MIB + 512, 4 * MIB));
        assertEquals(256 * MIB, Sizes.roundUp(10 * MIB, 256 * MIB));
    }

    @Test
    void rejectsNonsenseAndOverflow() {
        assertThrows(IllegalArgumentException.class, () -> Sizes.roundUp(1, 0));
        assertThrows(IllegalArgumentException.class, () -> Sizes.roundUp(-1, 4 * MIB));
        assertThrows(ArithmeticException.class, () -> Sizes.roundUp(Long.MAX_VALUE, 256 * MIB));
    }
}
