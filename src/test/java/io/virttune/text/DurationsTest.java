package io.virttune.text;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class DurationsTest {
    @Test
    void readsHoursMinutesAndSecondsAsOperatorsWriteThem() {
        assertEquals(Optional.of(Duration.ofHours(4)), Durations.parse("4h"));
        assertEquals(Optional.of(Duration.ofMinutes(90)), Durations.parse("1h30m"));
        assertEquals(Optional.of(Duration.ofMinutes(90)), Durations.parse("90m"));
        assertEquals(Optional.of(Duration.ofSeconds(45)), Durations.parse("45s"));
        assertEquals(Optional.of(Duration.ofSeconds(3600)), Durations.parse("3600"));
        assertEquals(Optional.empty(), Durations.parse("0h"));
        assertEquals(Optional.empty(), Durations.parse("four hours"));
        assertEquals(Optional.empty(), Durations.parse(""));
    }

    @Test
    void writesTheTwoLargestUnitsRoundedUp() {
        assertEquals("12s", Durations.format(11.2));
        assertEquals("4m07s", Durations.format(247));
        assertEquals("2h05m", Durations.format(7500));
        assertEquals("2h00m", Durations.format(7199.5));
        assertEquals("3h00m", Durations.format(3 * 3600 - 30));
    }

    @Test
    void aProgressClockCountsMinutesAndSeconds() {
        assertEquals("0:05", Durations.clock(5));
        assertEquals("1:30", Durations.clock(90));
        assertEquals("75:00", Durations.clock(4500));
    }
}
