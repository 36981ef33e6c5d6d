package io.virttune.process;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** A cleanup hooked to a signal runs once, whichever of the hook and the work's close comes first. */
class CleanupOnSignalTest {
    @Test
    void theHookThenTheCloseRunTheCleanupOnce() {
        AtomicInteger runs = new AtomicInteger();
        CleanupOnSignal cleanup = CleanupOnSignal.register("test-cleanup", runs::incrementAndGet);

        cleanup.onSignal().run();
        cleanup.close();

        assertEquals(1, runs.get());
    }

    @Test
    void theCloseRunsItAndUnhooksIt() {
        AtomicInteger runs = new AtomicInteger();
        CleanupOnSignal cleanup = CleanupOnSignal.register("test-cleanup", runs::incrementAndGet);

        cleanup.close();
        cleanup.onSignal().run();

        assertEquals(1, runs.get());
    }

    @Test
    void aCancelledCleanupDoesNotRun() {
        AtomicInteger runs = new AtomicInteger();
        CleanupOnSignal cleanup = CleanupOnSignal.register("test-cleanup", runs::incrementAndGet);

        cleanup.cancel();

        assertEquals(0, runs.get());
    }
}
