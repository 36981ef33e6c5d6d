package io.virttune.inspect;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.virttune.libvirt.DomainState;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class HugepageClaimTest {
    private static final String HUGEPAGES = "<memoryBacking><hugepages/></memoryBacking>";

    @Test
    void everyShutOffGuestOnHugepagesClaimsItsMemoryWhetherSelectedOrNot() {
        TestHost host = TestHost.hv01()
                .domain("dormant", DomainState.SHUTOFF, TestHost.domainXml("dormant", 2, HUGEPAGES))
                .domain(
                        "bound",
                        DomainState.SHUTOFF,
                        TestHost.domainXml(
                                "bound",
                                2,
                                HUGEPAGES + "<numatune><memory mode='strict' nodeset='0-2,^1'/></numatune>"))
                .domain("live", DomainState.RUNNING, TestHost.domainXml("live", 2, HUGEPAGES))
                .domain("plain", DomainState.SHUTOFF, TestHost.domainXml("plain", 2, ""))
                .domain("fresh", DomainState.SHUTOFF, TestHost.domainXml("fresh", 2, ""));

        HostFacts facts = host.facts(new DomainSelection(List.of("fresh"), List.of()));

        assertEquals(
                List.of("fresh"),
                facts.domains().stream().map(DomainFacts::name).toList());
        assertEquals(
                List.of(
                        new HugepageClaim("bound", 4L << 20, List.of(), Optional.of(Set.of(0, 2))),
                        new HugepageClaim("dormant", 4L << 20, List.of(), Optional.empty())),
                facts.hugepageClaims().stream()
                        .sorted(Comparator.comparing(HugepageClaim::domain))
                        .toList());
    }
}
