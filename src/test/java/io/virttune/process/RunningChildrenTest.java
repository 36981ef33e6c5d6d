package io.virttune.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** A stop that comes while a command starts still reaches it with SIGTERM first. */
class RunningChildrenTest {
    /** How a process killed by SIGTERM exits, as Java reports it: 128 + 15. */
    private static final int BY_SIGTERM = 143;

    @Test
    void aCommandStartedButNotYetRegisteredWhenTheStopComesGetsItsSigterm() throws Exception {
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch register = new CountDownLatch(1);
        AtomicReference<Process> child = new AtomicReference<>();
        Thread starting = new Thread(() -> {
            try {
                RunningChildren.start(
                        () -> {
                            Process process = new ProcessBuilder("sleep", "60").start();
                            child.set(process);
                            started.countDown();
                            awaitUninterrupted(register);
                            return process;
                        },
                        List.of("sleep", "60"),
                        false,
                        false);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (RunningChildren.NotStarted e) {
                throw new IllegalStateException(e);
            }
        });
        starting.start();
        started.await();
        Thread stopping = new Thread(() -> RunningChildren.stopAll(Duration.ofSeconds(5)));
        stopping.start();
        // The stop has read who runs (ended) or waits for the start to register (blocked).
        while (stopping.getState() != Thread.State.BLOCKED && stopping.getState() != Thread.State.TERMINATED) {
            Thread.sleep(5);
        }
        register.countDown();
        stopping.join();
        starting.join();

        try {
            assertTrue(child.get().waitFor(10, TimeUnit.SECONDS), "the stop missed the command that was starting");
            assertEquals(BY_SIGTERM, child.get().exitValue());
        } finally {
            child.get().destroyForcibly();
            RunningChildren.ended(child.get());
        }
    }

    private static void awaitUninterrupted(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
