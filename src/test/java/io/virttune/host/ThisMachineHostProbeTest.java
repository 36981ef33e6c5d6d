package io.virttune.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/**
 * Parses files recorded with scripts/record-host-facts on the project's build machine (a VM with
 * a virtio disk, zram, loop devices, one NUMA node and no huge pages reserved).
 */
class ThisMachineHostProbeTest {
    private static final Path RECORDED = Path.of("src/test/resources/host/this-machine");

    private final HostSettings host = new HostProbe(RECORDED).probe();

    @Test
    void readsMemoryAndDefaultHugepageSize() {
        assertEquals(OptionalLong.of(24_684_084), host.memTotalKiB());
        assertEquals(OptionalLong.of(2048), host.defaultHugepageSizeKiB());
    }

    @Test
    void readsEmptyHugepagePoolsSystemWideAndOnTheOnlyNumaNode() {
        assertEquals(
                List.of(
                        new HugepagePool(2048, 0, 0, 0, 0, OptionalInt.empty()),
                        new HugepagePool(1_048_576, 0, 0, 0, 0, OptionalInt.empty()),
                        new HugepagePool(2048, 0, 0, 0, 0, OptionalInt.of(0)),
                        new HugepagePool(1_048_576, 0, 0, 0, 0, OptionalInt.of(0))),
                host.hugepagePools());
    }

    @Test
    void parsesKernelParametersUpToTheArgumentsForInit() {
        KernelCommandLine cmdline = host.kernelCommandLine();
        assertEquals(Optional.of("ttyS0"), cmdline.value("console"));
        assertEquals(Optional.of("auto,no_guest_host,no_guest_guest"), cmdline.value("mitigations"));
        assertTrue(cmdline.has("quiet"));
        assertFalse(cmdline.has("--firecracker-init"), "after '--' the words belong to init");
        assertTrue(cmdline.raw().contains("--firecracker-init"), "the raw text stays whole");
        assertEquals(List.of(), cmdline.values("hugepages"));
    }

    @Test
    void keepsTheVirtioDiskAndSkipsZramAndLoopDevices() {
        assertEquals(
                List.of("vda"),
                host.blockDevices().stream().map(BlockDevice::name).toList());
        BlockDevice vda = host.blockDevice("vda").orElseThrow();
        assertEquals(OptionalLong.of(536_870_912L * 512), vda.sizeBytes());
        assertEquals(Optional.of(true), vda.rotational(), "virtio disks report rotational=1");
        assertFalse(vda.isSsd());
        assertEquals(
                Optional.of(new IoScheduler("mq-deadline", List.of("none", "mq-deadline", "kyber", "bfq"))),
                vda.scheduler());
        assertEquals(OptionalLong.of(8192), vda.readAheadKiB());
        assertTrue(vda.supportsDiscard());
        assertEquals(Optional.empty(), vda.model(), "virtio-blk exposes no device/model");
        assertFalse(vda.virtual());
    }
}
