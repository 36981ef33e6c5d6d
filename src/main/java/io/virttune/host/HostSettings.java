package io.virttune.host;

import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

/** What a host's kernel says about memory, huge pages, its boot parameters, its disks, its release and its online CPUs. */
public record HostSettings(
        OptionalLong memTotalKiB,
        OptionalLong defaultHugepageSizeKiB,
        List<HugepagePool> hugepagePools,
        KernelCommandLine kernelCommandLine,
        List<BlockDevice> blockDevices,
        Optional<String> kernelRelease,
        OptionalInt onlineCpus) {

    public HostSettings {
        hugepagePools = List.copyOf(hugepagePools);
        blockDevices = List.copyOf(blockDevices);
    }

    /** The host-wide pool of pages of this size, if the kernel has one. */
    public Optional<HugepagePool> hugepagePool(long pageSizeKiB) {
        return hugepagePools.stream()
                .filter(pool -> pool.isSystemWide() && pool.pageSizeKiB() == pageSizeKiB)
                .findFirst();
    }

    /** The pools of one NUMA node, by page size. */
    public List<HugepagePool> hugepagePoolsOfNode(int numaNode) {
        return hugepagePools.stream()
                .filter(pool -> pool.numaNode().equals(OptionalInt.of(numaNode)))
                .toList();
    }

    public Optional<BlockDevice> blockDevice(String name) {
        return blockDevices.stream()
                .filter(device -> device.name().equals(name))
                .findFirst();
    }
}
