package io.virttune.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The lab's recorded before/after runs: the qcow2's filesystem LV idle under cache=default, the new LV busy. */
class HostActivityTest {
  private static final BenchStore RECORDED = new BenchStore(Recorded.DIR);

  @Test
  void anIdleDeviceUnderTheHostsPageCacheIsExplained() {
    assertEquals(Optional.of("dm-0 saw 0.5 requests/s while the guest averaged 749 IOPS: with cache=default the"
        + " host's page cache served the guest's I/O, so the guest's figures measure that cache, not the device."),
        HostActivity.note(RECORDED.read("guest-io", "before")));
  }

  @Test
  void aDeviceThatSawTheGuestsIoNeedsNoNote() {
    assertTrue(HostActivity.note(RECORDED.read("guest-io", "after")).isEmpty());
  }

  @Test
  void anIdleDeviceUnderCacheNoneIsNotBlamedOnThePageCache() {
    BenchResult after = RECORDED.read("guest-io", "after");
    IostatFigures idle = new IostatFigures("dm-1", 14.5, 0, 1, 0, 4, 0, 0, 0, 0, 0);
    BenchResult idleAfter = new BenchResult(after.schema(), after.domain(), after.label(), after.time(), after.disk(),
        after.profileSet(), after.sizeBytes(), after.runtimeSeconds(), after.loops(), after.target(), after.device(),
        after.fioVersion(), after.profiles(), new HostView(idle, null, null, null));

    assertTrue(HostActivity.note(idleAfter).orElseThrow().contains("did not reach this device"));
  }
}
