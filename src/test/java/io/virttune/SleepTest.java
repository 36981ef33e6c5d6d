package io.virttune;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A sleep cut short by an interrupt: the caller's error thrown, the interrupt set again. */
class SleepTest {
    @AfterEach
    void clearTheInterrupt() {
        // The interrupt a test left set would end the next test's waits on this thread.
        Thread.interrupted();
    }

    @Test
    void anInterruptedSleepThrowsTheCallersErrorAndLeavesTheInterruptSet() {
        Thread.currentThread().interrupt();

        IllegalStateException thrown = assertThrows(
                IllegalStateException.class,
                () -> Sleep.of(Duration.ofMinutes(1), e -> new IllegalStateException("interrupted while waiting", e)));

        assertTrue(thrown.getCause() instanceof InterruptedException, String.valueOf(thrown.getCause()));
        assertTrue(Thread.currentThread().isInterrupted());
    }

    @Test
    void aSleepNotInterruptedEndsWithoutTheError() {
        RuntimeException never = new RuntimeException("not interrupted");

        Sleep.of(Duration.ofMillis(1), e -> never);

        assertFalse(Thread.currentThread().isInterrupted());
    }
}
