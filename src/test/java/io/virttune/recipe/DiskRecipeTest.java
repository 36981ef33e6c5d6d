package io.virttune.recipe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.xml.DiskView;
import io.virttune.xml.DomainXml;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The recipe's one decision per disk, under each policy. */
class DiskRecipeTest {
    private static DiskView disk(String bus, String driverAttributes) {
        return DomainXml.parse(
                        "<domain type='kvm'><name>vm</name><devices><disk type='block' device='disk'>"
                                + "<driver name='qemu' type='raw' " + driverAttributes + "/><source dev='/dev/vg/vm'/>"
                                + "<target dev='sda' bus='" + bus + "'/></disk></devices></domain>",
                        "test")
                .disks()
                .get(0);
    }

    private static HostLevers levers(CacheMode cache, boolean discard) {
        return new HostLevers(cache, discard, IoUringRule.of(Optional.empty(), "unknown", "unknown"));
    }

    private static DiskTarget decide(DiskView disk, boolean waits, CacheMode policy) {
        return DiskRecipe.decide(disk, Optional.empty(), DiskStorage.THICK_LV, waits, levers(policy, true));
    }

    @Test
    void theDefaultIsCacheNoneIoNativeOnVirtioWithItsOwnIothread() {
        DiskTarget target = decide(disk("sata", ""), false, CacheMode.NONE);
        assertEquals(BusMove.SWITCH, target.bus());
        assertEquals(CacheMode.NONE, target.cache().wanted());
        assertEquals(IoMode.NATIVE, target.io().wanted());
        assertEquals("unmap", target.discard().orElseThrow().wanted());
        assertTrue(target.iothread());
        assertFalse(target.readAheadOff(), "no LV behind it");
    }

    @Test
    void directsyncIsKeptUnderTheDefaultPolicyAndWritebackWhenAskedForGoesEverywhere() {
        assertFalse(decide(disk("virtio", "cache='directsync' io='native'"), false, CacheMode.NONE)
                .cache()
                .changes());
        DiskTarget writeback = decide(disk("virtio", "cache='directsync' io='native'"), false, CacheMode.WRITEBACK);
        assertEquals(CacheMode.WRITEBACK, writeback.cache().wanted());
        assertEquals(IoMode.THREADS, writeback.io().wanted(), "native AIO needs O_DIRECT");
    }

    @Test
    void aDiskWaitingForTheWindowsDriverKeepsItsBusButWillNeedAnIothread() {
        DiskTarget target = decide(disk("sata", ""), true, CacheMode.NONE);
        assertEquals(BusMove.WAIT_FOR_DRIVER, target.bus());
        assertFalse(target.bus().virtioNow());
        assertTrue(target.iothread());
    }

    @Test
    void noDiscardIsWantedWhereQemuCannotPassIt() {
        assertTrue(DiskRecipe.decide(
                        disk("virtio", ""),
                        Optional.empty(),
                        DiskStorage.THICK_LV,
                        false,
                        levers(CacheMode.NONE, false))
                .discard()
                .isEmpty());
    }
}
