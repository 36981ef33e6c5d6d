package io.virttune.plan;

import static io.virttune.plan.PlanFacts.domainXml;
import static io.virttune.plan.PlanFacts.qcow2;
import static io.virttune.plan.PlanFacts.qcow2Disk;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.libvirt.DomainState;
import io.virttune.xml.DomainXml;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * An operator's {@code io='io_uring'} stays where the storage, kernel, QEMU and libvirt are known to
 * run it well, and goes with the reason where they are not; a plan that kept it is planned alike again.
 */
class IoUringPlanningTest {
    private static final String IMAGE = "/var/lib/libvirt/images/web.qcow2";
    private static final PlanPolicy THIN = PlanPolicy.defaults(PlanTarget.thin("vg_guests", "pool0", null));
    private static final PlanPolicy LINEAR = PlanPolicy.defaults(PlanTarget.linear("vg_fast"));

    private static PlanFacts debian13() {
        return debian13(DomainState.SHUTOFF);
    }

    private static PlanFacts debian13(DomainState state) {
        String disk = qcow2Disk(IMAGE, "vda", "virtio").replace("type='qcow2'/>", "type='qcow2' io='io_uring'/>");
        return new PlanFacts()
                .kernel("6.12.48+deb13-amd64")
                .libvirt("11.3.0")
                .hypervisor("QEMU 10.0.2")
                .domain(domainXml("web", "", disk), state, Map.of("vda", qcow2(IMAGE, 2, 1)));
    }

    private static DomainPlan plan(PlanFacts facts, PlanPolicy policy) {
        return new MigrationPlanner(policy)
                .plan(facts.build(), Instant.EPOCH)
                .domains()
                .get(0);
    }

    private static List<String> changes(DomainPlan domain) {
        return domain.disks().get(0).changes();
    }

    private static String io(DomainPlan domain) {
        return DomainXml.parse(domain.newXml(), "planned").disks().get(0).io().orElse("");
    }

    @Test
    void itStaysOnAThinLvOfARecentStackAndThePlanSaysWhy() {
        DomainPlan web = plan(debian13(), THIN);

        assertEquals("io_uring", io(web));
        assertTrue(
                changes(web)
                        .contains("io_uring kept on an LVM thin volume with Linux 6.12, QEMU 10.0, libvirt"
                                + " 11.3 (Proxmox's default there)"),
                changes(web).toString());
    }

    @Test
    void itGoesOnAThickLvWhateverTheStack() {
        DomainPlan web = plan(debian13(), LINEAR);

        assertEquals("native", io(web));
        assertTrue(
                changes(web)
                        .contains("io io_uring -> native (Proxmox turned io_uring off on thick LVM after guests"
                                + " hung there (its bug 4525): use io=native with cache=none)"),
                changes(web).toString());
    }

    @Test
    void aLiveMoveOntoAThickLvSaysTheRunningGuestKeepsIoUringUntilItsColdBoot() {
        PlanPolicy live = LINEAR.withLive(new PlanPolicy.Live(false, false));
        Plan plan =
                new MigrationPlanner(live).plan(debian13(DomainState.RUNNING).build(), Instant.EPOCH);

        assertTrue(
                plan.domains()
                        .get(0)
                        .warnings()
                        .contains("vda: the running guest keeps io_uring on its new LV until"
                                + " its next cold boot (libvirt gives a block copy's target the disk's aio mode); its definition has"
                                + " io=native from then on"),
                plan.domains().get(0).warnings().toString());
        Plan onThin = new MigrationPlanner(THIN.withLive(new PlanPolicy.Live(false, false)))
                .plan(debian13(DomainState.RUNNING).build(), Instant.EPOCH);
        assertTrue(
                onThin.domains().get(0).warnings().stream().noneMatch(w -> w.contains("io_uring")),
                onThin.domains().get(0).warnings().toString());
    }

    @Test
    void anOldKernelOrAnUnreadOneHoldsItBack() {
        DomainPlan old = plan(debian13().kernel("5.10.0-30-amd64"), THIN);
        DomainPlan unread = plan(debian13().withoutSettings(), THIN);

        assertEquals("native", io(old));
        assertTrue(
                changes(old).toString().contains("Linux 5.10 < 5.13"),
                changes(old).toString());
        assertEquals("native", io(unread));
        assertTrue(
                changes(unread).toString().contains("the host kernel's version was not read"),
                changes(unread).toString());
    }

    @Test
    void anOldQemuOrLibvirtHoldsItBack() {
        assertTrue(changes(plan(debian13().hypervisor("QEMU 4.2.1"), THIN))
                .toString()
                .contains("QEMU 4.2 < 5.0"));
        assertTrue(changes(plan(debian13().libvirt("6.0.0"), THIN)).toString().contains("libvirt 6.0 < 6.3"));
    }

    @Test
    void thePlanRecordsTheKernelSoApplyPlansItAlikeAgain() {
        Plan plan = new MigrationPlanner(THIN).plan(debian13().build(), Instant.EPOCH);

        assertEquals("6.12.48+deb13-amd64", plan.kernelRelease());
        DomainPlan again = MigrationPlanner.replan(
                plan, plan.domains().get(0), debian13().build().domains().get(0), true);
        assertEquals(plan.domains().get(0).newXml(), again.newXml());
    }
}
