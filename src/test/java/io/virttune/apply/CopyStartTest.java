package io.virttune.apply;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.VirtTuneException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A signal's release of a calibration's LV, on the shutdown hook's thread, while virDomainBlockCopy
 * is still in flight on the run's: it waits for the start to return, as libvirt shows the mirror to
 * abort only then, and gives up, releasing nothing, when the start does not return.
 */
class CopyStartTest {
    private static final String DEVICE = "/dev/vg_vms/virt-tune-calibration-1";

    private final List<String> order = Collections.synchronizedList(new ArrayList<>());

    @Test
    void aReleaseOnAnotherThreadWaitsForTheStartInFlightThenAbortsWhatItStarted() throws Exception {
        CopyStart start = new CopyStart("g1", "sda", DEVICE, Duration.ofSeconds(30));
        CountDownLatch libvirtAnswers = new CountDownLatch(1);
        Thread run = inFlight(start, libvirtAnswers);

        Thread hook = new Thread(() -> start.afterStart(() -> order.add("abort")));
        hook.start();
        hook.join(200);

        assertTrue(hook.isAlive(), "the release did not wait for the start in flight");
        assertEquals(List.of(), order);
        libvirtAnswers.countDown();
        hook.join(10_000);
        run.join(10_000);
        assertEquals(List.of("copy started", "abort"), order);
    }

    @Test
    void aStartThatDoesNotReturnInTimeFailsTheReleaseNamingTheJobToEnd() throws Exception {
        CopyStart start = new CopyStart("g1", "sda", DEVICE, Duration.ofSeconds(1));
        CountDownLatch never = new CountDownLatch(1);
        Thread run = inFlight(start, never);

        VirtTuneException failed =
                assertThrows(VirtTuneException.class, () -> start.afterStart(() -> order.add("abort")));

        assertEquals(List.of(), order);
        assertEquals(
                "the start of the mirror of disk sda of 'g1' into " + DEVICE + " (virDomainBlockCopy) had not"
                        + " returned after 1 s, and a copy it starts writes the LV: end it with virsh blockjob g1 sda"
                        + " --abort (never --pivot: the LV is no guest's disk)",
                failed.getMessage());
        never.countDown();
        run.join(10_000);
    }

    @Test
    void theRunsOwnReleaseAfterTheStartRunsAtOnce() {
        CopyStart start = new CopyStart("g1", "sda", DEVICE, Duration.ofMillis(100));

        start.run(() -> order.add("copy started"));
        start.afterStart(() -> order.add("abort"));

        assertEquals(List.of("copy started", "abort"), order);
    }

    /** A signal's release before the run reached the start: no mirror follows it into the LV being removed. */
    @Test
    void noStartFollowsARelease() {
        CopyStart start = new CopyStart("g1", "sda", DEVICE, Duration.ofMillis(100));
        start.afterStart(() -> order.add("abort"));

        VirtTuneException refused =
                assertThrows(VirtTuneException.class, () -> start.run(() -> order.add("copy started")));

        assertEquals(List.of("abort"), order);
        assertEquals(
                "the mirror of disk sda of 'g1' into " + DEVICE + " was not started: the calibration is stopping,"
                        + " its LV being removed",
                refused.getMessage());
    }

    /** The run's thread inside virDomainBlockCopy until {@code libvirtAnswers}: "copy started" then. */
    private Thread inFlight(CopyStart start, CountDownLatch libvirtAnswers) throws InterruptedException {
        CountDownLatch called = new CountDownLatch(1);
        Thread run = new Thread(() -> start.run(() -> {
            called.countDown();
            await(libvirtAnswers);
            order.add("copy started");
        }));
        run.start();
        assertTrue(called.await(10, TimeUnit.SECONDS));
        return run;
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
