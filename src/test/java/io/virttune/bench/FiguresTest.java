package io.virttune.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Latencies in milliseconds with three significant digits, times to the second. */
class FiguresTest {
    @Test
    void latenciesReadInMilliseconds() {
        assertEquals("0.052", Figures.milliseconds(52.4));
        assertEquals("0.999", Figures.milliseconds(999.2));
        assertEquals("1.25", Figures.milliseconds(1_249));
        assertEquals("28.4", Figures.milliseconds(28_415));
        assertEquals("684", Figures.milliseconds(683_672));
        assertEquals("1,338", Figures.milliseconds(1_337_662));
        assertEquals("0", Figures.milliseconds(0));
    }

    @Test
    void timesDropTheNanoseconds() {
        assertEquals("2026-11-30 00:44:59 UTC", Figures.time("2026-11-30T00:44:59.876185343Z"));
        assertEquals("2026-12-01 09:20:27 UTC", Figures.time("2026-12-01T09:20:27Z"));
    }
}
