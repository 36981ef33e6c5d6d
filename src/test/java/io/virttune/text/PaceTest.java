package io.virttune.text;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class PaceTest {
    @Test
    void bytesOverTheirTimeWithTheRateOnlyOverASecondOrMore() {
        assertEquals("1 GiB in 22s, 46.5 MiB/s", Pace.of(1L << 30, 22_000_000_000L));
        assertEquals("6 GiB in 2m05s, 49.2 MiB/s", Pace.of(6L << 30, 125_000_000_000L));
        assertEquals("2 GiB in under 1s", Pace.of(2L << 30, 400_000_000L));
    }
}
