package io.virttune.inspect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.virttune.VirtTuneException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

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
  void releaseHandsOverAValueAndDropsAFailure() {
    List<String> released = new ArrayList<>();

    Background.start("test", () -> "opened").release(released::add);
    Background.<String>start("test", () -> {
      throw VirtTuneException.failed("cannot connect");
    }).release(released::add);

    assertEquals(List.of("opened"), released);
  }
}
