package io.virttune.inspect.rules;

import static io.virttune.inspect.TestHost.blockDisk;
import static io.virttune.inspect.TestHost.domainXml;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.virttune.inspect.Finding;
import io.virttune.inspect.FindingLines;
import io.virttune.inspect.HostFacts;
import io.virttune.inspect.TestHost;
import io.virttune.libvirt.DomainState;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The rules that report rather than advise: unreadable domains and disks left alone; and their order. */
class ReportingRulesTest {
    private static final String NETWORK_DISK = "<disk type='network' device='disk'><driver name='qemu' type='raw'/>"
            + "<source protocol='rbd' name='pool/img'/><target dev='vdb' bus='virtio'/></disk>";

    @Test
    void aDomainLibvirtCouldNotDescribeIsUnreadableWithTheReason() {
        TestHost host = TestHost.hv01().domain("good", domainXml("good", 2, ""));
        host.libvirt().failure("gone", "Domain not found: no domain with matching name 'gone'");
        List<Finding> findings = new UnreadableRule().check(host.facts());
        assertEquals(List.of("domain.unreadable error gone"), FindingLines.of(findings));
        assertEquals(
                "Domain not found: no domain with matching name 'gone'",
                findings.get(0).evidence());
    }

    @Test
    void aMalformedDefinitionIsUnreadableAndTheOthersAreNot() {
        HostFacts facts = TestHost.hv01()
                .domain("good", domainXml("good", 2, ""))
                .domain("broken", DomainState.SHUTOFF, "<domain><name>broken</name><devices>")
                .facts();
        List<Finding> findings = new UnreadableRule().check(facts);
        assertEquals(List.of("domain.unreadable error broken"), FindingLines.of(findings));
        assertEquals(
                List.of(),
                new UnreadableRule()
                        .check(TestHost.hv01()
                                .domain("good", domainXml("good", 2, ""))
                                .facts()));
    }

    @Test
    void everyDiskLeftAloneIsReportedWithItsReason() {
        HostFacts facts = TestHost.hv01()
                .domain(
                        "vm",
                        domainXml("vm", 2, "", blockDisk("vda", "virtio", "/dev/vg_fast/db03-root", ""), NETWORK_DISK))
                .facts();
        List<Finding> findings = new LeftAloneRule().check(facts);
        assertEquals(List.of("skip.network info vm/vdb"), FindingLines.of(findings));
        assertEquals(
                "network disk (rbd): its storage is another system's to tune",
                findings.get(0).evidence());
        assertEquals("nothing to do", findings.get(0).fix());
    }

    @Test
    void theRuleBookOrdersHostFirstThenByDomainDiskAndSeverity() {
        HostFacts facts = TestHost.hv01()
                .domain(
                        "b",
                        domainXml("b", 1, "", blockDisk("vda", "virtio", "/dev/vg_guests/db01-disk0", "io='native'")))
                .domain("a", domainXml("a", 2, "<memoryBacking><hugepages/></memoryBacking>", NETWORK_DISK))
                .facts();
        assertEquals(
                List.of(
                        "lvm.vg-free warning",
                        "lvm.thin-zeroing-off warning",
                        "lvm.thin-chunk warning",
                        "host.io-scheduler warning",
                        "lvm.vg-extent info",
                        "lvm.thin-zeroing info",
                        "skip.network info a/vdb",
                        "domain.hugepages info b",
                        "domain.vcpus info b",
                        "disk.io-mode error b/vda",
                        "disk.iothread warning b/vda",
                        "disk.cache warning b/vda",
                        "lv.read-ahead warning b/vda",
                        "disk.discard info b/vda"),
                FindingLines.of(RuleBook.check(facts)));
    }
}
