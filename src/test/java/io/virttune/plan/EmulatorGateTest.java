package io.virttune.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.virttune.Fixtures;
import io.virttune.inspect.ImageFacts;
import io.virttune.inspect.TestHost;
import io.virttune.libvirt.EmulatorQuery;
import java.time.Instant;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** A plan adds no lever the domain's emulator lacks by libvirt's domain capabilities. */
class EmulatorGateTest {
    private static final String QEMU = "/usr/bin/qemu-system-x86_64";
    private static final EmulatorQuery QUERY = new EmulatorQuery(QEMU, "kvm", "x86_64", null);
    private static final String CAPABILITIES =
            Fixtures.project("src/test/resources/libvirt/domcaps-libvirt-9.0-qemu-7.2-tcg.xml");
    private static final String WITHOUT_IOTHREADS =
            CAPABILITIES.replace("<iothreads supported='yes'/>", "<iothreads supported='no'/>");

    @Test
    void anEmulatorWithEveryLeverLetsThePlanThrough() {
        assertEquals(DomainOutcome.RETUNE, plan(CAPABILITIES).outcome());
    }

    @Test
    void anEmulatorWithoutIothreadsLeavesTheDomainAloneAndSaysWhy() {
        DomainPlan web = plan(WITHOUT_IOTHREADS);

        assertEquals(DomainOutcome.STOPPED, web.outcome());
        assertEquals(
                List.of("the plan would add IOThreads, which the emulator " + QEMU + " (kvm, x86_64) does not offer by"
                        + " libvirt's domain capabilities (rule: virt-tune defines nothing its emulator cannot run; see virsh"
                        + " domcapabilities)"),
                web.reasons());
        assertEquals(List.of(), web.steps());
    }

    @Test
    void anEmulatorWithoutVirtioDisksKeepsTheSataDisksBus() {
        DomainPlan web = plan(
                CAPABILITIES.replace("<value>virtio</value>\n        <value>usb</value>", "<value>usb</value>"),
                "sda",
                "sata");

        assertEquals(DomainOutcome.STOPPED, web.outcome());
        assertEquals(
                true,
                web.reasons().get(0).startsWith("the plan would add virtio disks, which"),
                web.reasons().toString());
    }

    /** vg_fast has 220.9 GiB for a plan after its 10% reserve: room for one 120 GiB disk, not two. */
    @Test
    void aDomainTheEmulatorStopsLeavesItsSpaceToTheOthers() {
        TestHost host = TestHost.hv01()
                .image(image("/img/old.qcow2", 120))
                .image(image("/img/web.qcow2", 120))
                .domain("old", onQemu(TestHost.domainXml("old", 2, "", qcow2Disk("/img/old.qcow2"))))
                .domain("web", TestHost.domainXml("web", 2, "", qcow2Disk("/img/web.qcow2")));
        host.libvirt().capabilities(QUERY, WITHOUT_IOTHREADS);

        List<DomainPlan> domains = plans(host);

        assertEquals(DomainOutcome.STOPPED, domains.get(0).outcome());
        assertEquals(true, domains.get(0).reasons().get(0).startsWith("the plan would add IOThreads"));
        assertEquals(
                DomainOutcome.MIGRATE,
                domains.get(1).outcome(),
                domains.get(1).reasons().toString());
    }

    /** The example host has 12 GiB of free hugepages: a 10 GiB guest's, then not a 4 GiB one's. */
    @Test
    void aDomainTheEmulatorStopsLeavesItsHugepagesToTheOthers() {
        TestHost host = TestHost.hv01()
                .domain(
                        "big",
                        onBlockDisk("big", "vda", "virtio")
                                .replace("<memory unit='GiB'>4</memory>", "<memory unit='GiB'>10</memory>"))
                .domain("small", TestHost.domainXml("small", 2, ""));
        host.libvirt().capabilities(QUERY, WITHOUT_IOTHREADS);

        List<DomainPlan> domains = plans(host);

        assertEquals(DomainOutcome.STOPPED, domains.get(0).outcome());
        assertEquals(
                DomainOutcome.RETUNE,
                domains.get(1).outcome(),
                domains.get(1).warnings().toString());
        assertEquals(
                true,
                domains.get(1).newXml().contains("<hugepages"),
                domains.get(1).warnings().toString());
    }

    @Test
    void capabilitiesNotReadLeaveTheVersionsToDecide() {
        TestHost host = host("vda", "virtio");

        assertEquals(DomainOutcome.RETUNE, plan(host).outcome());
    }

    private static DomainPlan plan(String capabilities) {
        return plan(capabilities, "vda", "virtio");
    }

    private static DomainPlan plan(String capabilities, String target, String bus) {
        TestHost host = host(target, bus);
        host.libvirt().capabilities(QUERY, capabilities);
        return plan(host);
    }

    private static TestHost host(String target, String bus) {
        return TestHost.hv01().domain("web", onBlockDisk("web", target, bus));
    }

    /** A domain with one block disk tuned but for its IOThread, on the emulator {@link #QUERY} asks for. */
    private static String onBlockDisk(String name, String target, String bus) {
        return onQemu(TestHost.domainXml(
                name,
                2,
                "",
                TestHost.blockDisk(
                        target, bus, "/dev/vg_fast/" + name + "-disk", "cache='none' io='native' discard='unmap'")));
    }

    private static DomainPlan plan(TestHost host) {
        return plans(host).get(0);
    }

    private static List<DomainPlan> plans(TestHost host) {
        return new MigrationPlanner(PlanPolicy.defaults(PlanTarget.linear("vg_fast")))
                .plan(host.facts(), Instant.EPOCH)
                .domains();
    }

    private static String onQemu(String domainXml) {
        return domainXml.replace("<devices>", "<devices><emulator>" + QEMU + "</emulator>");
    }

    private static String qcow2Disk(String path) {
        return TestHost.fileDisk("vda", "virtio", path, "");
    }

    private static ImageFacts image(String path, long virtualGiB) {
        return new ImageFacts(
                path,
                "qcow2",
                virtualGiB * TestHost.GIB,
                TestHost.GIB,
                List.of(),
                false,
                OptionalInt.of(0),
                "qemu-img");
    }
}
