package io.virttune.snippets;

import io.virttune.host.HostSettings;
import io.virttune.host.HugepagePool;
import io.virttune.inspect.DomainFacts;
import io.virttune.inspect.DomainSelection;
import io.virttune.xml.DomainXml;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.jdom2.Element;

/**
 * Sizes hugepage pools for the domains backed by hugepages, and those the operator plans to move,
 * plus a margin. Kept simple on NUMA hosts: a domain whose memory is pinned to one node
 * ({@code <numatune><memory nodeset='N'/>}) counts on that node; all others are split evenly.
 */
final class HugepageSizing {
    private static final long FALLBACK_PAGE_KIB = 2048;

    private final int marginPercent;
    private final List<HugepagePool> current;
    private final long defaultPageKiB;
    private final List<Integer> nodes;

    HugepageSizing(Optional<HostSettings> settings, int marginPercent) {
        this.marginPercent = marginPercent;
        this.current = settings.map(HostSettings::hugepagePools).orElse(List.of());
        this.defaultPageKiB = settings.flatMap(
                        s -> s.defaultHugepageSizeKiB().stream().boxed().findFirst())
                .orElse(FALLBACK_PAGE_KIB);
        this.nodes = settings.stream()
                .flatMap(s -> s.hugepagePools().stream())
                .map(HugepagePool::numaNode)
                .filter(OptionalInt::isPresent)
                .map(OptionalInt::getAsInt)
                .distinct()
                .sorted()
                .toList();
    }

    long defaultPageKiB() {
        return defaultPageKiB;
    }

    /** One need per page size, smallest first; empty when no domain uses or plans hugepages. */
    List<HugepageNeed> size(List<DomainFacts> domains, List<String> plannedGlobs) {
        Set<String> planned = planned(domains, plannedGlobs);
        Map<Long, List<DomainDemand>> bySize = new TreeMap<>();
        for (DomainFacts domain : domains) {
            if (domain.xml().isEmpty()) {
                continue;
            }
            DomainXml xml = domain.xml().get();
            boolean uses = xml.memoryBacking().hasHugepages();
            if ((uses || planned.contains(domain.name())) && xml.memoryKiB().isPresent()) {
                long page = xml.memoryBacking().hugepageSizesKiB().stream()
                        .findFirst()
                        .orElse(defaultPageKiB);
                long memory = xml.memoryKiB().getAsLong();
                bySize.computeIfAbsent(page, size -> new ArrayList<>())
                        .add(new DomainDemand(domain.name(), memory, ceilDiv(memory, page), pinnedNode(xml), !uses));
            }
        }
        return bySize.entrySet().stream()
                .map(entry -> need(entry.getKey(), entry.getValue()))
                .toList();
    }

    private static Set<String> planned(List<DomainFacts> domains, List<String> globs) {
        if (globs.isEmpty()) {
            return Set.of();
        }
        List<String> names = domains.stream().map(DomainFacts::name).toList();
        return Set.copyOf(new DomainSelection(globs, List.of()).select(names));
    }

    private HugepageNeed need(long pageKiB, List<DomainDemand> demands) {
        long base = demands.stream().mapToLong(DomainDemand::pages).sum();
        SortedMap<Integer, Long> perNode = new TreeMap<>();
        if (nodes.size() > 1) {
            long unpinned = demands.stream()
                    .filter(d -> d.numaNode().isEmpty())
                    .mapToLong(DomainDemand::pages)
                    .sum();
            Map<Integer, Long> pinned = demands.stream()
                    .filter(d -> d.numaNode().isPresent())
                    .collect(Collectors.groupingBy(
                            d -> d.numaNode().getAsInt(), Collectors.summingLong(DomainDemand::pages)));
            for (int node : nodes) {
                perNode.put(node, withMargin(pinned.getOrDefault(node, 0L) + ceilDiv(unpinned, nodes.size())));
            }
        }
        // Never fewer pages than the host has now: they may serve guests or programs virt-tune does not
        // see, and a shrunk pool leaves a hugepage-backed guest unable to start.
        perNode.replaceAll((node, pages) -> Math.max(pages, currentPages(pageKiB, OptionalInt.of(node))));
        long total = perNode.isEmpty()
                ? withMargin(base)
                : perNode.values().stream().mapToLong(Long::longValue).sum();
        return new HugepageNeed(
                pageKiB, demands, base, Math.max(total, currentPages(pageKiB, OptionalInt.empty())), perNode);
    }

    private long currentPages(long pageKiB, OptionalInt node) {
        return current.stream()
                .filter(pool -> pool.pageSizeKiB() == pageKiB && pool.numaNode().equals(node))
                .mapToLong(HugepagePool::total)
                .sum();
    }

    private OptionalInt pinnedNode(DomainXml xml) {
        Element numatune = xml.document().getRootElement().getChild("numatune");
        Element memory = numatune == null ? null : numatune.getChild("memory");
        if (memory == null || "interleave".equals(memory.getAttributeValue("mode"))) {
            return OptionalInt.empty();
        }
        String nodeset = String.valueOf(memory.getAttributeValue("nodeset")).strip();
        return nodeset.matches("\\d+") && nodes.contains(Integer.parseInt(nodeset))
                ? OptionalInt.of(Integer.parseInt(nodeset))
                : OptionalInt.empty();
    }

    private long withMargin(long pages) {
        return ceilDiv(pages * (100 + marginPercent), 100);
    }

    private static long ceilDiv(long value, long divisor) {
        return (value + divisor - 1) / divisor;
    }
}
