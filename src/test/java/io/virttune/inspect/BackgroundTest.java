package io.virttune.inspect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.virttune.VirtTuneException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class BackgroundTest {
    @Test
    void theValueIsWorkedOutWhileTheCallerGoesOn() throws InterruptedException {
        CountDownLatch callerWent = new CountDownLatch(1);
        Background<String> value = Background.start("test", () -> {
            try {
                callerWent.await();
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
            return "opened";
        });

        callerWent.countDown();

        assertEquals("opened", value.join());
    }

    @Test
    void itsFailureReachesTheCallerAsItWasThrown() {
        VirtTuneException failure = VirtTuneException.failed("cannot connect to libvirt at 'test:///x'");
        Background<String> value = Background.start("test", () -> {
            throw failure;
        });

        assertSame(failure, assertThrows(VirtTuneException.class, value::join));
    }

    @Test
    void releaseHandsOverAValueAndDropsAFailureAnErrorIncluded() {
        List<String> released = new ArrayList<>();

        Background.start("test", () -> "opened").release(released::add);
        Background.<String>start("test", () -> {
                    throw VirtTuneException.failed("cannot connect");
                })
                .release(released::add);
        Background.<String>start("test", () -> {
                    throw new NoClassDefFoundError("Could not initialize class com.sun.jna.Native");
                })
                .release(released::add);

        assertEquals(List.of("opened"), released);
    }

    @Test
    @Timeout(10)
    void aFailureIsThrownAsSoonAsItIsKnownAndNotBefore() throws InterruptedException {
        CountDownLatch mayFail = new CountDownLatch(1);
        CountDownLatch failed = new CountDownLatch(1);
        VirtTuneException failure = VirtTuneException.failed("cannot connect");
        Background<String> value = Background.start("test", () -> {
            try {
                mayFail.await();
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
            failed.countDown();
            throw failure;
        });

        value.throwIfFailed();
        mayFail.countDown();
        failed.await();
        // The failure is known once the work has ended, a moment after it counted down.
        while (true) {
            try {
                value.throwIfFailed();
                Thread.onSpinWait();
            } catch (VirtTuneException e) {
                assertSame(failure, e);
                return;
            }
        }
    }

    @Test
    void aValueAtHandIsReturnedAsItIs() {
        Background<String> value = Background.of("opened");

        value.throwIfFailed();
        assertEquals("opened", value.join());
    }
}
