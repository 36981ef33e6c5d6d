package io.virttune.plan;

import static io.virttune.plan.PlanFacts.domainXml;
import static io.virttune.plan.PlanFacts.qcow2;
import static io.virttune.plan.PlanFacts.qcow2Disk;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.xml.DiskView;
import io.virttune.xml.DomainXml;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A disk's virtio-blk queues spread over several IOThreads where libvirt (10.0+) and QEMU (9.0+)
 * can, a pool of min(vCPUs, 4) the domain's disks share; one IOThread a disk elsewhere, with the
 * reason on the disk's change line.
 */
class QueueIothreadsPlanTest {
    private static final Instant NOW = Instant.parse("2026-12-06T00:00:00Z");
    private static final String WEB = "/var/lib/libvirt/images/web.qcow2";
    private static final String DATA = "/var/lib/libvirt/images/web-data.qcow2";

    private static DomainPlan plan(PlanFacts facts) {
        return new MigrationPlanner(PlanPolicy.defaults(PlanTarget.linear("vg_fast")))
                .plan(facts.build(), NOW)
                .domains()
                .get(0);
    }

    private static PlanFacts twoDisks(String libvirt, String qemu, int vcpus) {
        String xml = domainXml("web", "", qcow2Disk(WEB, "vda", "virtio") + qcow2Disk(DATA, "vdb", "virtio"))
                .replace("<vcpu>2</vcpu>", "<vcpu>" + vcpus + "</vcpu>");
        return new PlanFacts()
                .libvirt(libvirt)
                .hypervisor(qemu)
                .domain(xml, Map.of("vda", qcow2(WEB, 20, 3), "vdb", qcow2(DATA, 20, 1)));
    }

    private static DomainXml planned(DomainPlan domain) {
        return DomainXml.parse(domain.newXml(), "planned " + domain.name());
    }

    @Test
    void onLibvirt11AndQemu10EachDiskSpreadsAQueueAVcpuOverAPoolTheDisksShare() {
        DomainPlan web = plan(twoDisks("11.3.0", "QEMU 10.0.13", 6));

        DomainXml xml = planned(web);
        assertEquals(4, xml.iothreads().count(), "min(6 vCPUs, 4)");
        for (DiskView disk : xml.disks()) {
            assertEquals(List.of(1, 2, 3, 4), disk.queueIothreads());
            assertEquals(6, disk.queues().orElseThrow());
            assertTrue(disk.iothread().isEmpty(), "no iothread= beside the set");
        }
        assertTrue(
                web.disks()
                        .get(0)
                        .changes()
                        .contains(
                                "queues 6 on IOThreads 1,2,3,4 (libvirt 11.3.0, QEMU 10.0.13:"
                                        + " a queue a vCPU over min(6 vCPUs, 64 host CPUs, 4) IOThreads, shared by the domain's disks)"),
                web.disks().get(0).changes().toString());
        assertTrue(web.newXml().matches("(?s).*queues=.6.>\\s*<iothreads>\\s*<iothread id=.1./>.*"), web.newXml());
    }

    @Test
    void neverMoreIothreadsThanTheHostHasCpusAndAHostOfOneGetsOneADisk() {
        DomainPlan small = plan(twoDisks("11.3.0", "QEMU 10.0.13", 6).cpus("0-2"));
        DomainPlan one = plan(twoDisks("11.3.0", "QEMU 10.0.13", 6).cpus("0"));
        DomainPlan unread = plan(twoDisks("11.3.0", "QEMU 10.0.13", 6).withoutSettings());

        assertEquals(3, planned(small).iothreads().count(), "min(6 vCPUs, 3 host CPUs, 4)");
        assertTrue(
                small.disks()
                        .get(0)
                        .changes()
                        .contains(
                                "queues 6 on IOThreads 1,2,3 (libvirt 11.3.0, QEMU 10.0.13:"
                                        + " a queue a vCPU over min(6 vCPUs, 3 host CPUs, 4) IOThreads, shared by the domain's disks)"),
                small.disks().get(0).changes().toString());
        assertEquals("iothread -> 1 (one IOThread a disk: 1 host CPU)", iothreadChange(one));
        assertEquals(4, planned(unread).iothreads().count(), "the host's CPUs not read: min(6 vCPUs, 4)");
        assertTrue(
                unread.disks()
                        .get(0)
                        .changes()
                        .toString()
                        .contains("min(6 vCPUs, 4) IOThreads (the host's CPUs were" + " not read)"),
                unread.disks().get(0).changes().toString());
    }

    @Test
    void thePlanRecordsTheHostsCpusSoApplyPlansItAlikeAgain() {
        PlanFacts facts = twoDisks("11.3.0", "QEMU 10.0.13", 6).cpus("0-2");
        Plan plan = new MigrationPlanner(PlanPolicy.defaults(PlanTarget.linear("vg_fast"))).plan(facts.build(), NOW);

        assertEquals(3, plan.hostCpus());
        DomainPlan again = MigrationPlanner.replan(
                plan, plan.domains().get(0), facts.build().domains().get(0), true);
        assertEquals(plan.domains().get(0).newXml(), again.newXml());
    }

    @Test
    void planningTheResultAgainChangesNoIothread() {
        DomainPlan first = plan(twoDisks("11.3.0", "QEMU 10.0.13", 2));
        DomainPlan again = plan(new PlanFacts()
                .libvirt("11.3.0")
                .hypervisor("QEMU 10.0.13")
                .domain(first.newXml(), Map.of("vda", qcow2(WEB, 20, 3), "vdb", qcow2(DATA, 20, 1))));

        assertFalse(again.diff().contains("iothread"), again.diff());
        assertTrue(
                again.disks().stream()
                        .flatMap(disk -> disk.changes().stream())
                        .noneMatch(line -> line.contains("IOThread")),
                again.disks().toString());
    }

    @Test
    void olderStacksGetOneIothreadADiskAndSayWhy() {
        assertEquals(
                "iothread -> 1 (one IOThread a disk: libvirt 9.0.0 < 10.0)",
                iothreadChange(plan(twoDisks("9.0.0", "QEMU 7.2.0", 4))));
        assertEquals(
                "iothread -> 1 (one IOThread a disk: QEMU 8.2.2 < 9.0)",
                iothreadChange(plan(twoDisks("10.0.0", "QEMU 8.2.2", 4))));
        assertEquals(
                "iothread -> 1 (one IOThread a disk: 1 vCPU: one queue)",
                iothreadChange(plan(twoDisks("11.3.0", "QEMU 10.0.13", 1))));
        assertEquals(
                "iothread -> 1 (one IOThread a disk: libvirt's version is not known)",
                iothreadChange(plan(twoDisks("unknown", "unknown", 4))));
    }

    private static String iothreadChange(DomainPlan web) {
        return web.disks().get(0).changes().stream()
                .filter(line -> line.startsWith("iothread"))
                .findFirst()
                .orElseThrow();
    }

    @Test
    void newIothreadsArePinnedWhereTheDomainsOthersAreOrElseWithItsEmulator() {
        String pinned = "  <iothreads>1</iothreads>\n  <cputune>\n    <vcpupin vcpu='0' cpuset='2'/>\n"
                + "    <emulatorpin cpuset='0-1'/>\n    <iothreadpin iothread='1' cpuset='6-7'/>\n  </cputune>\n";
        DomainPlan web = plan(new PlanFacts()
                .libvirt("11.3.0")
                .hypervisor("QEMU 10.0.13")
                .domain(domainXml("web", pinned, qcow2Disk(WEB, "vda", "virtio")), Map.of("vda", qcow2(WEB, 20, 3))));

        assertTrue(
                web.newXml()
                        .matches(
                                "(?s).*<iothreadpin iothread=.1. cpuset=.6-7./>\\s*"
                                        + "<iothreadpin iothread=.2. cpuset=.6-7./>\\s*<iothreadpin iothread=.3. cpuset=.6-7./>\\s*</cputune>.*"),
                web.newXml());
        assertTrue(
                web.disks()
                        .get(0)
                        .changes()
                        .contains("IOThreads 2,3 pinned to CPUs 6-7, as the domain's other IOThreads"),
                web.disks().get(0).changes().toString());

        String emulatorOnly = "  <cputune>\n    <emulatorpin cpuset='0-1'/>\n  </cputune>\n";
        DomainPlan emulator = plan(new PlanFacts()
                .domain(
                        domainXml("web", emulatorOnly, qcow2Disk(WEB, "vda", "virtio")),
                        Map.of("vda", qcow2(WEB, 20, 3))));
        assertTrue(
                emulator.newXml()
                        .matches("(?s).*<emulatorpin cpuset=.0-1./>\\s*<iothreadpin iothread=.1. cpuset=.0-1./>.*"),
                emulator.newXml());
        assertTrue(
                emulator.disks().get(0).changes().contains("IOThread 1 pinned to CPUs 0-1, the emulator's"),
                emulator.disks().get(0).changes().toString());
    }

    @Test
    void withNeitherIothreadNorEmulatorPinsNewIothreadsGoWhereTheVcpusArePinned() {
        String vcpusPinned =
                "  <cputune>\n    <vcpupin vcpu='0' cpuset='4'/>\n    <vcpupin vcpu='1' cpuset='5,^5,6'/>\n"
                        + "  </cputune>\n";
        DomainPlan web = plan(new PlanFacts()
                .domain(
                        domainXml("web", vcpusPinned, qcow2Disk(WEB, "vda", "virtio")),
                        Map.of("vda", qcow2(WEB, 20, 3))));

        assertTrue(
                web.newXml()
                        .matches("(?s).*<vcpupin vcpu=.1. cpuset=.5,\\^5,6./>\\s*"
                                + "<iothreadpin iothread=.1. cpuset=.4,6./>\\s*</cputune>.*"),
                web.newXml());
        assertTrue(
                web.disks()
                        .get(0)
                        .changes()
                        .contains(
                                "IOThread 1 pinned to CPUs 4,6, its vCPUs' (on their NUMA node; the emulator is not pinned)"),
                web.disks().get(0).changes().toString());

        // <vcpu cpuset> holds the vCPUs no <vcpupin> names: both count.
        String mixed = "  <cputune>\n    <vcpupin vcpu='0' cpuset='9'/>\n  </cputune>\n";
        DomainPlan both = plan(new PlanFacts()
                .domain(
                        domainXml("web", mixed, qcow2Disk(WEB, "vda", "virtio"))
                                .replace("<vcpu>2</vcpu>", "<vcpu cpuset='2-3'>2</vcpu>"),
                        Map.of("vda", qcow2(WEB, 20, 3))));
        assertTrue(both.newXml().contains("<iothreadpin iothread=\"1\" cpuset=\"2-3,9\"/>"), both.newXml());
    }

    @Test
    void vcpusThatMayRunAnywhereOrThatNumadPlacesPinNoIothread() {
        String oneOfTwo = "  <cputune>\n    <vcpupin vcpu='0' cpuset='4'/>\n  </cputune>\n";
        DomainPlan partly = plan(new PlanFacts()
                .domain(domainXml("web", oneOfTwo, qcow2Disk(WEB, "vda", "virtio")), Map.of("vda", qcow2(WEB, 20, 3))));
        assertFalse(partly.newXml().contains("iothreadpin"), partly.newXml());

        DomainPlan numad = plan(new PlanFacts()
                .domain(
                        domainXml("web", "", qcow2Disk(WEB, "vda", "virtio"))
                                .replace("<vcpu>2</vcpu>", "<vcpu placement='auto' cpuset='2-3'>2</vcpu>"),
                        Map.of("vda", qcow2(WEB, 20, 3))));
        assertFalse(numad.newXml().contains("iothreadpin"), numad.newXml());
    }

    @Test
    void aDomainWhoseMemoryIsBoundToANodeButPinsNoThreadIsToldItsIothreadsAreNotPinned() {
        String bound = "  <numatune>\n    <memory mode='strict' nodeset='1'/>\n  </numatune>\n";
        DomainPlan web = plan(new PlanFacts()
                .domain(domainXml("web", bound, qcow2Disk(WEB, "vda", "virtio")), Map.of("vda", qcow2(WEB, 20, 3))));

        assertFalse(web.newXml().contains("iothreadpin"), web.newXml());
        assertTrue(
                web.disks()
                        .get(0)
                        .changes()
                        .contains("IOThread 1 not pinned: the domain's memory is bound to NUMA node 1"
                                + " and it pins no thread: its IOThreads may run on another node's CPUs; pin them to that node's with virsh"
                                + " iothreadpin"),
                web.disks().get(0).changes().toString());
    }

    @Test
    void aDomainThatPinsNothingLeavesItsNewIothreadsToLibvirt() {
        DomainPlan web = plan(twoDisks("11.3.0", "QEMU 10.0.13", 2));

        assertFalse(web.newXml().contains("iothreadpin"), web.newXml());
    }
}
