package io.virttune.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.virttune.Fixtures;
import io.virttune.inspect.TestHost;
import io.virttune.libvirt.EmulatorQuery;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A plan adds no lever the domain's emulator lacks by libvirt's domain capabilities. */
class EmulatorGateTest {
    private static final String QEMU = "/usr/bin/qemu-system-x86_64";
    private static final EmulatorQuery QUERY = new EmulatorQuery(QEMU, "kvm", "x86_64", null);
    private static final String CAPABILITIES =
            Fixtures.project("src/test/resources/libvirt/domcaps-libvirt-9.0-qemu-7.2-tcg.xml");

    @Test
    void anEmulatorWithEveryLeverLetsThePlanThrough() {
        assertEquals(DomainOutcome.RETUNE, plan(CAPABILITIES).outcome());
    }

    @Test
    void anEmulatorWithoutIothreadsLeavesTheDomainAloneAndSaysWhy() {
        DomainPlan web = plan(CAPABILITIES.replace("<iothreads supported='yes'/>", "<iothreads supported='no'/>"));

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
        return TestHost.hv01()
                .domain(
                        "web",
                        TestHost.domainXml(
                                        "web",
                                        2,
                                        "",
                                        TestHost.blockDisk(
                                                target,
                                                bus,
                                                "/dev/vg_fast/web-disk",
                                                "cache='none' io='native' discard='unmap'"))
                                .replace("<devices>", "<devices><emulator>" + QEMU + "</emulator>"));
    }

    private static DomainPlan plan(TestHost host) {
        return new MigrationPlanner(PlanPolicy.defaults(PlanTarget.linear("vg_fast")))
                .plan(host.facts(), Instant.EPOCH)
                .domains()
                .get(0);
    }
}
