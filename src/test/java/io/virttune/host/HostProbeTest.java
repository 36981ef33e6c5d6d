package io.virttune.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.ExitCode;
import io.virttune.VirtTuneException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HostProbeTest {
    private static final String SYSTEM_2M = "sys/kernel/mm/hugepages/hugepages-2048kB";
    private static final String SYSTEM_1G = "sys/kernel/mm/hugepages/hugepages-1048576kB";

    @TempDir
    Path root;

    private HostTree tree() {
        return new HostTree(root);
    }

    @Test
    void anEmptyHostKnowsNothingAndDoesNotFail() {
        HostSettings host = tree().probe();
        assertEquals(OptionalLong.empty(), host.memTotalKiB());
        assertEquals(OptionalLong.empty(), host.defaultHugepageSizeKiB());
        assertEquals(List.of(), host.hugepagePools());
        assertEquals(List.of(), host.kernelCommandLine().parameters());
        assertEquals(List.of(), host.blockDevices());
    }

    @Test
    void countsTheCpusTheKernelListsOnline() {
        assertEquals(
                OptionalInt.of(7),
                tree().file("sys/devices/system/cpu/online", "0-3,8,10-11\n")
                        .probe()
                        .onlineCpus());
        assertEquals(
                OptionalInt.empty(),
                tree().file("sys/devices/system/cpu/online", "0-x\n").probe().onlineCpus());
        assertEquals(OptionalInt.empty(), tree().probe().onlineCpus());
    }

    @Test
    void aKernelWithoutTheHugepagesDirectoryHasNoPools() {
        HostSettings host = tree().file("proc/meminfo", "MemTotal:       2000000 kB\nMemFree:        1000000 kB")
                .probe();
        assertEquals(OptionalLong.of(2_000_000), host.memTotalKiB());
        assertEquals(OptionalLong.empty(), host.defaultHugepageSizeKiB());
        assertEquals(List.of(), host.hugepagePools());
    }

    @Test
    void readsGigabytePagesAndPerNodePoolsInNodeOrder() {
        HostSettings host = tree().file(
                        "proc/meminfo", "MemTotal: 263856012 kB\nHugePages_Total: 16\nHugepagesize: 1048576 kB")
                .hugepages(SYSTEM_1G, 16, 4)
                .file(SYSTEM_1G + "/resv_hugepages", "1")
                .file(SYSTEM_1G + "/surplus_hugepages", "0")
                .hugepages("sys/devices/system/node/node10/hugepages/hugepages-1048576kB", 0, 0)
                .hugepages("sys/devices/system/node/node1/hugepages/hugepages-1048576kB", 8, 2)
                .hugepages("sys/devices/system/node/node0/hugepages/hugepages-1048576kB", 8, 2)
                .probe();

        assertEquals(OptionalLong.of(1_048_576), host.defaultHugepageSizeKiB());
        HugepagePool gigantic = host.hugepagePool(1_048_576).orElseThrow();
        assertEquals(new HugepagePool(1_048_576, 16, 4, 1, 0, OptionalInt.empty()), gigantic);
        assertEquals(3, gigantic.available());
        assertEquals(3L * 1024 * 1024, gigantic.availableKiB());
        assertEquals(
                List.of(OptionalInt.of(0), OptionalInt.of(1), OptionalInt.of(10)),
                host.hugepagePools().stream()
                        .skip(1)
                        .map(HugepagePool::numaNode)
                        .toList());
        assertEquals(8, host.hugepagePoolsOfNode(1).get(0).total());
        assertEquals(Optional.empty(), host.hugepagePool(2048));
    }

    @Test
    void aPoolWithoutCountersIsLeftOut() {
        HostSettings host = tree().file(SYSTEM_2M + "/resv_hugepages", "0").probe();
        assertEquals(List.of(), host.hugepagePools());
    }

    @Test
    void aLoneNoneSchedulerIsActive() {
        HostSettings host = tree().disk("nvme0n1", 1_000_215_216, 0, "none").probe();
        BlockDevice nvme = host.blockDevice("nvme0n1").orElseThrow();
        assertEquals(Optional.of(new IoScheduler("none", List.of("none"))), nvme.scheduler());
        assertTrue(nvme.isSsd());
        assertEquals(OptionalLong.empty(), nvme.readAheadKiB());
        assertFalse(nvme.supportsDiscard(), "unknown discard support is not support");
    }

    @Test
    void describesAPhysicalSsdFully() {
        BlockDevice nvme = tree().disk("nvme0n1", 2_000_409_264, 0, "[none] mq-deadline")
                .file("sys/block/nvme0n1/queue/read_ahead_kb", "128")
                .file("sys/block/nvme0n1/queue/discard_max_bytes", "2199023255040")
                .file("sys/block/nvme0n1/device/model", "Samsung SSD 970 PRO 1TB                 ")
                .probe()
                .blockDevice("nvme0n1")
                .orElseThrow();
        assertEquals(OptionalLong.of(2_000_409_264L * 512), nvme.sizeBytes());
        assertEquals(Optional.of("Samsung SSD 970 PRO 1TB"), nvme.model());
        assertEquals("none", nvme.scheduler().orElseThrow().active());
        assertEquals(OptionalLong.of(128), nvme.readAheadKiB());
        assertTrue(nvme.supportsDiscard());
        assertTrue(nvme.isSsd());
    }

    @Test
    void marksDeviceMapperAndRaidVirtualAndSkipsRamBackedAndLoopDevices() {
        HostSettings host = tree().disk("dm-0", 100, 0, "none")
                .disk("md127", 100, 0, "none")
                .disk("loop0", 100, 1, "[none] mq-deadline")
                .disk("ram0", 100, 0, "none")
                .disk("zram0", 100, 0, "none")
                .disk("sda", 100, 1, "mq-deadline [bfq]")
                .probe();
        assertEquals(
                List.of("dm-0", "md127", "sda"),
                host.blockDevices().stream().map(BlockDevice::name).toList());
        BlockDevice dm = host.blockDevice("dm-0").orElseThrow();
        assertTrue(dm.virtual());
        assertFalse(dm.isSsd(), "a non-rotational device-mapper device is not an SSD itself");
        assertTrue(host.blockDevice("md127").orElseThrow().virtual());
        BlockDevice sda = host.blockDevice("sda").orElseThrow();
        assertFalse(sda.virtual());
        assertFalse(sda.isSsd());
        assertEquals("bfq", sda.scheduler().orElseThrow().active());
    }

    @Test
    void aDeviceWithoutQueueFilesHasUnknownFacts() {
        BlockDevice bare = tree().file("sys/block/vdb/size", "0")
                .probe()
                .blockDevice("vdb")
                .orElseThrow();
        assertEquals(Optional.empty(), bare.rotational());
        assertEquals(Optional.empty(), bare.scheduler());
        assertFalse(bare.isSsd());
    }

    @Test
    void aGarbledHugepageCounterNamesTheFile() {
        HostTree tree = tree().file(SYSTEM_2M + "/nr_hugepages", "12x88").file(SYSTEM_2M + "/free_hugepages", "0");
        VirtTuneException error = assertThrows(VirtTuneException.class, tree::probe);
        assertEquals(ExitCode.FAILED, error.exitCode());
        assertMentions(error, root.resolve(SYSTEM_2M + "/nr_hugepages").toString());
        assertMentions(error, "'12x88'");
    }

    @Test
    void aGarbledMeminfoLineNamesTheFile() {
        HostTree tree = tree().file("proc/meminfo", "MemTotal:       2000000 kB\nMemFree  lots");
        VirtTuneException error = assertThrows(VirtTuneException.class, tree::probe);
        assertMentions(error, root.resolve("proc/meminfo").toString());
        assertMentions(error, "MemFree  lots");
    }

    @Test
    void aRotationalFlagOtherThanZeroOrOneIsGarbled() {
        HostTree tree = tree().disk("sda", 100, 2, "none");
        VirtTuneException error = assertThrows(VirtTuneException.class, tree::probe);
        assertMentions(error, "sys/block/sda/queue/rotational");
    }

    @Test
    void aSchedulerLineWithoutAnActiveOneIsGarbled() {
        HostTree tree = tree().disk("sda", 100, 1, "mq-deadline bfq");
        VirtTuneException error = assertThrows(VirtTuneException.class, tree::probe);
        assertMentions(error, "sys/block/sda/queue/scheduler");
    }

    private static void assertMentions(VirtTuneException error, String text) {
        assertTrue(error.getMessage().contains(text), error.getMessage());
    }
}
