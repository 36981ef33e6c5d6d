package io.virttune.host;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Finds the huge page pools in sysfs, system-wide and per NUMA node. */
final class HugepageProbe {
    private static final String SYSTEM_DIR = "sys/kernel/mm/hugepages";
    private static final String NODES_DIR = "sys/devices/system/node";
    private static final Pattern POOL_DIR = Pattern.compile("hugepages-(\\d+)kB");
    private static final Pattern NODE_DIR = Pattern.compile("node(\\d+)");

    private final HostFiles files;

    HugepageProbe(HostFiles files) {
        this.files = files;
    }

    /** System-wide pools first, then each NUMA node's, each group by page size. */
    List<HugepagePool> pools() {
        List<HugepagePool> pools = new ArrayList<>(poolsIn(SYSTEM_DIR, OptionalInt.empty()));
        files.list(NODES_DIR).stream()
                .map(NODE_DIR::matcher)
                .filter(Matcher::matches)
                .map(node -> Integer.parseInt(node.group(1)))
                .sorted()
                .forEach(
                        node -> pools.addAll(poolsIn(NODES_DIR + "/node" + node + "/hugepages", OptionalInt.of(node))));
        return List.copyOf(pools);
    }

    private List<HugepagePool> poolsIn(String dir, OptionalInt numaNode) {
        return files.list(dir).stream()
                .map(POOL_DIR::matcher)
                .filter(Matcher::matches)
                .map(pool -> pool(dir + "/" + pool.group(0), Long.parseLong(pool.group(1)), numaNode))
                .flatMap(Optional::stream)
                .sorted(Comparator.comparingLong(HugepagePool::pageSizeKiB))
                .toList();
    }

    // A pool whose counters cannot be read at all is left out rather than reported as empty.
    private Optional<HugepagePool> pool(String dir, long pageSizeKiB, OptionalInt numaNode) {
        OptionalLong total = files.number(dir + "/nr_hugepages");
        OptionalLong free = files.number(dir + "/free_hugepages");
        if (total.isEmpty() || free.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new HugepagePool(
                pageSizeKiB,
                total.getAsLong(),
                free.getAsLong(),
                files.number(dir + "/resv_hugepages").orElse(0),
                files.number(dir + "/surplus_hugepages").orElse(0),
                numaNode));
    }
}
