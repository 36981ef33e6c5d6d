package io.virttune.snippets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.VirtTuneException;
import io.virttune.host.HostSettings;
import io.virttune.host.HugepagePool;
import io.virttune.host.KernelCommandLine;
import io.virttune.inspect.DomainFacts;
import io.virttune.libvirt.DomainState;
import io.virttune.xml.DomainXml;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class HugepageSizingTest {
    private static final String HUGEPAGES = "<memoryBacking><hugepages/></memoryBacking>";

    @Test
    void singleNodeHostGetsTheMemoryInPagesPlusTheMargin() {
        List<HugepageNeed> needs = new HugepageSizing(host(List.of(systemPool())), 10)
                .size(
                        List.of(
                                domain("a", 4 << 20, HUGEPAGES),
                                domain("b", 1025, HUGEPAGES),
                                domain("c", 1 << 20, "")),
                        List.of());
        assertEquals(1, needs.size());
        HugepageNeed need = needs.get(0);
        assertEquals(2048 + 1, need.basePages(), "4 GiB is 2048 pages; 1025 KiB rounds up to one page");
        assertEquals(2254, need.totalPages(), "2049 pages + 10% is 2253.9, rounded up");
        assertTrue(need.pagesPerNode().isEmpty());
        assertEquals("2M", need.kernelSize());
    }

    @Test
    void numaHostSplitsUnpinnedDomainsEvenlyAndCountsPinnedOnesOnTheirNode() {
        String pinnedToNode1 = HUGEPAGES + "<numatune><memory mode='strict' nodeset='1'/></numatune>";
        List<HugepageNeed> needs = new HugepageSizing(host(List.of(systemPool(), nodePool(0), nodePool(1))), 0)
                .size(List.of(domain("a", 4 << 20, HUGEPAGES), domain("b", 2 << 20, pinnedToNode1)), List.of());
        HugepageNeed need = needs.get(0);
        assertEquals(Map.of(0, 1024L, 1, 1024L + 1024L), need.pagesPerNode());
        assertEquals(3072, need.totalPages());
        assertEquals(OptionalInt.of(1), need.domains().get(1).numaNode());
    }

    @Test
    void plannedDomainsCountToo_andAnExplicitPageSizeMakesItsOwnPool() {
        String gigantic = "<memoryBacking><hugepages><page size='1' unit='GiB'/></hugepages></memoryBacking>";
        List<HugepageNeed> needs = new HugepageSizing(host(List.of(systemPool())), 0)
                .size(List.of(domain("web1", 2 << 20, ""), domain("db", 3 << 20, gigantic)), List.of("web*"));
        assertEquals(2, needs.size());
        assertEquals(1024, needs.get(0).totalPages());
        assertTrue(needs.get(0).domains().get(0).planned());
        assertEquals(3, needs.get(1).totalPages());
        assertEquals("1G", needs.get(1).kernelSize());
    }

    @Test
    void aGlobThatMatchesNoDomainIsAnError() {
        HugepageSizing sizing = new HugepageSizing(host(List.of(systemPool())), 10);
        List<DomainFacts> domains = List.of(domain("a", 1 << 20, ""));
        VirtTuneException e = assertThrows(VirtTuneException.class, () -> sizing.size(domains, List.of("wbe*")));
        assertTrue(e.getMessage().contains("wbe*"), e.getMessage());
    }

    private static Optional<HostSettings> host(List<HugepagePool> pools) {
        return Optional.of(new HostSettings(
                OptionalLong.of(64L << 20),
                OptionalLong.of(2048),
                pools,
                KernelCommandLine.unknown(),
                List.of(),
                Optional.empty(),
                OptionalInt.empty()));
    }

    private static HugepagePool systemPool() {
        return new HugepagePool(2048, 0, 0, 0, 0, OptionalInt.empty());
    }

    private static HugepagePool nodePool(int node) {
        return new HugepagePool(2048, 0, 0, 0, 0, OptionalInt.of(node));
    }

    private static DomainFacts domain(String name, long memoryKiB, String extra) {
        String xml = "<domain type='kvm'><name>" + name + "</name><memory unit='KiB'>" + memoryKiB + "</memory>" + extra
                + "</domain>";
        return new DomainFacts(
                name, DomainState.SHUTOFF, Optional.of(DomainXml.parse(xml, name)), List.of(), Optional.empty());
    }
}
