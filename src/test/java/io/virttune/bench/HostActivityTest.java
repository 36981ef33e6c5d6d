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
        assertEquals(
                Optional.of("dm-0 saw 0.0 reads/s and 0.5 writes/s while the guest averaged 906 read IOPS and 591"
                        + " write IOPS: with cache=default the host's page cache served the guest's reads and writes, so those"
                        + " figures measure that cache, not the device."),
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
        BenchResult idleAfter = new BenchResult(
                after.schema(),
                after.domain(),
                after.label(),
                after.time(),
                after.disk(),
                after.profileSet(),
                after.sizeBytes(),
                after.runtimeSeconds(),
                after.loops(),
                after.target(),
                after.device(),
                after.fioVersion(),
                after.profiles(),
                new HostView(idle, null, null, null));

        assertEquals(
                "dm-1 saw 0.0 reads/s and 1.0 writes/s while the guest averaged 1,286 read IOPS and 1,182 write"
                        + " IOPS: the guest's reads and writes did not reach this device during the run (check that it is the disk's"
                        + " backing device).",
                HostActivity.note(idleAfter).orElseThrow());
    }

    @Test
    void onlyTheIdleDirectionIsExplained() {
        BenchResult after = RECORDED.read("guest-io", "after");
        IostatFigures writesOnly = new IostatFigures("dm-0", 15.5, 0, 208, 0, 5908, 0, 0, 0, 0, 0);
        BenchResult cachedReads = new BenchResult(
                after.schema(),
                after.domain(),
                after.label(),
                after.time(),
                RECORDED.read("guest-io", "before").disk(),
                after.profileSet(),
                after.sizeBytes(),
                after.runtimeSeconds(),
                after.loops(),
                after.target(),
                after.device(),
                after.fioVersion(),
                after.profiles(),
                new HostView(writesOnly, null, null, null));

        assertEquals(
                "dm-0 saw 0.0 reads/s while the guest averaged 1,286 read IOPS: with cache=default the host's page"
                        + " cache served the guest's reads, so those figures measure that cache, not the device.",
                HostActivity.note(cachedReads).orElseThrow());
    }
}
