package io.virttune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.VirtTuneException;
import io.virttune.inspect.GuestWrites;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Plan's write sample of the running guests, on libvirt's test driver (no daemon). */
class ScheduleOptionsTest {
    private static final Map<String, List<String>> DISKS = Map.of("test", List.of("vda"));

    @Test
    void aLibvirtThatCannotBeReachedSamplesNoGuestAndSaysWhy() {
        GuestWrites writes = ScheduleOptions.sampled("test:///nonexistent/node.xml", DISKS, Duration.ofMillis(1));

        assertTrue(writes.rates().isEmpty(), writes.toString());
        assertTrue(writes.whyNone().startsWith("libvirt could not be reached: "), writes.whyNone());
    }

    @Test
    void anInterruptDuringTheSampleFailsAsAnInterruptionNotAsLibvirtUnreached() {
        Thread.currentThread().interrupt();
        try {
            VirtTuneException e = assertThrows(
                    VirtTuneException.class,
                    () -> ScheduleOptions.sampled("test:///default", DISKS, Duration.ofSeconds(10)));

            assertEquals("interrupted while sampling the guests' writes", e.getMessage());
            assertTrue(Thread.currentThread().isInterrupted(), "the interrupt is set again for the code above");
        } finally {
            Thread.interrupted();
        }
    }
}
