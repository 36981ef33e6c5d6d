package io.virttune.plan;

import static io.virttune.plan.PlanFacts.domainXml;
import static io.virttune.plan.PlanFacts.qcow2;
import static io.virttune.plan.PlanFacts.qcow2Disk;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.xml.DiskView;
import io.virttune.xml.DomainXml;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import org.jdom2.Element;
import org.junit.jupiter.api.Test;

/**
 * Plans of hand-written definitions (not in the corpus) that the QEMU driver's own rules decide:
 * what a bus or format change must keep or drop, and definitions libvirt itself refuses.
 */
class LibvirtRulesPlanTest {
    private static final String IMAGE = "/var/lib/libvirt/images/db.qcow2";

    private static Plan plan(PlanFacts facts) {
        return new MigrationPlanner(PlanPolicy.defaults(PlanTarget.linear("vg_fast")))
                .plan(facts.build(), Instant.parse("2026-12-01T00:00:00Z"));
    }

    private static DomainPlan only(PlanFacts facts) {
        return plan(facts).domains().get(0);
    }

    private static DiskView plannedDisk(DomainPlan domain, int index) {
        return DomainXml.parse(domain.newXml(), "planned " + domain.name())
                .disks()
                .get(index);
    }

    private static String disk(String driver, String source, String target, String extra) {
        return "    <disk type='file' device='disk'>\n"
                + "      " + driver + "\n"
                + "      " + source + "\n"
                + "      <target dev='" + target.split(" ")[0] + "' bus='" + target.split(" ")[1] + "'/>\n"
                + extra
                + "    </disk>\n";
    }

    @Test
    void aSataDiskWithAWwnMovesItsDataButKeepsItsBus() {
        String xml = domainXml(
                "db",
                "",
                disk(
                        "<driver name='qemu' type='qcow2'/>",
                        "<source file='" + IMAGE + "'/>",
                        "sda sata",
                        "      <wwn>5000c50015ea71ac</wwn>\n"
                                + "      <address type='drive' controller='0' bus='0' target='0' unit='0'/>\n"));

        DomainPlan db = only(new PlanFacts().domain(xml, Map.of("sda", qcow2(IMAGE, 10, 2))));

        assertEquals(DomainOutcome.MIGRATE, db.outcome());
        DiskView disk = plannedDisk(db, 0);
        assertEquals("sata", disk.targetBus().orElseThrow());
        assertEquals("sda", disk.targetDev());
        assertTrue(disk.hasAddress(), "the drive address stays with the SATA bus");
        assertEquals("/dev/vg_fast/db-sda", disk.sourcePath().orElseThrow());
        assertEquals("none", disk.cache().orElseThrow());
        assertEquals(OptionalInt.empty(), disk.iothread(), "IOThreads are for virtio disks");
        assertEquals("sda", db.disks().get(0).newTarget());
        String kept = String.join("\n", db.disks().get(0).changes());
        assertTrue(kept.contains("bus sata kept: <wwn>"), kept);
        assertTrue(kept.contains("Only ide and scsi disk support wwn"), kept);
    }

    @Test
    void aScsiDiskWithVendorAndProductKeepsItsBus() {
        String xml = domainXml(
                "db",
                "",
                disk(
                        "<driver name='qemu' type='raw'/>",
                        "<source file='/i/db.img'/>",
                        "sdb scsi",
                        "      <vendor>SEAGATE</vendor>\n      <product>ST3000</product>\n"));

        DomainPlan db = only(new PlanFacts().domain(xml, Map.of("sdb", qcow2("/i/db.img", 10, 2))));

        assertEquals("scsi", plannedDisk(db, 0).targetBus().orElseThrow());
        String kept = String.join("\n", db.disks().get(0).changes());
        assertTrue(kept.contains("bus scsi kept: <vendor>, <product>"), kept);
    }

    @Test
    void qcow2OnlyDriverSettingsGoWithTheFormat() {
        String xml = domainXml(
                "db",
                "",
                disk(
                        "<driver name='qemu' type='qcow2' discard_no_unref='on' copy_on_read='on'><metadata_cache>"
                                + "<max_size unit='bytes'>1048576</max_size></metadata_cache></driver>",
                        "<source file='" + IMAGE + "'><dataStore type='file'><format type='raw'/>"
                                + "<source file='/i/db.data'/></dataStore></source>",
                        "vda virtio",
                        ""));

        DomainPlan db = only(new PlanFacts().domain(xml, Map.of("vda", qcow2(IMAGE, 10, 2))));

        Element driver = plannedDisk(db, 0).element().getChild("driver");
        assertEquals("raw", driver.getAttributeValue("type"));
        assertNull(driver.getChild("metadata_cache"), "libvirt: metadata cache is supported only with qcow2");
        assertNull(driver.getAttribute("discard_no_unref"), "a qcow2 driver option");
        assertEquals("on", driver.getAttributeValue("copy_on_read"), "valid for every format: kept");
        assertNull(
                plannedDisk(db, 0).element().getChild("source").getChild("dataStore"),
                "the external data file is copied into the LV; dataStore is qcow2's");
        String changes = String.join("\n", db.disks().get(0).changes());
        assertTrue(changes.contains("metadata_cache dropped"), changes);
        assertTrue(changes.contains("discard_no_unref dropped"), changes);
    }

    @Test
    void aBusChangeDropsTheIdeOnlyGeometryTranslation() {
        String xml = domainXml(
                "db",
                "",
                disk(
                        "<driver name='qemu' type='qcow2'/>",
                        "<source file='" + IMAGE + "'/>",
                        "hda ide",
                        "      <geometry cyls='16383' heads='16' secs='63' trans='lba'/>\n"));

        DomainPlan db = only(new PlanFacts().domain(xml, Map.of("hda", qcow2(IMAGE, 10, 2))));

        Element geometry = plannedDisk(db, 0).element().getChild("geometry");
        assertEquals("virtio", plannedDisk(db, 0).targetBus().orElseThrow());
        assertNull(geometry.getAttribute("trans"), "libvirt: CHS translation mode only for the ide bus");
        assertEquals("16383", geometry.getAttributeValue("cyls"));
    }

    @Test
    void aWindowsGuestTaggedWithAnUnknownOsIsStaged() {
        String unknown = "  <metadata><l:libosinfo xmlns:l='http://libosinfo.org/xmlns/libvirt/domain/1.0'>"
                + "<l:os id='http://libosinfo.org/unknown'/></l:libosinfo></metadata>\n"
                + "  <features><hyperv><relaxed state='on'/></hyperv></features>\n";

        DomainPlan win = only(new PlanFacts()
                .domain(
                        domainXml("win", unknown, qcow2Disk(IMAGE, "sda", "sata")),
                        Map.of("sda", qcow2(IMAGE, 10, 2))));

        assertEquals(DomainOutcome.STAGE, win.outcome());
        assertEquals("sata", plannedDisk(win, 0).targetBus().orElseThrow());
    }

    @Test
    void twoDisksWithOneTargetAreRefusedAndTheOtherDomainsStillPlan() {
        String twice =
                domainXml("dup", "", qcow2Disk(IMAGE, "vda", "virtio") + qcow2Disk("/i/b.qcow2", "vda", "virtio"));
        String fine = domainXml("web", "", qcow2Disk("/i/web.qcow2", "vda", "virtio"));

        Plan plan =
                plan(new PlanFacts().domain(twice, Map.of()).domain(fine, Map.of("vda", qcow2("/i/web.qcow2", 2, 1))));

        DomainPlan dup = plan.domains().get(0);
        assertEquals(DomainOutcome.STOPPED, dup.outcome());
        assertEquals(
                List.of("rule definition.duplicate-target: domain dup, disk vda (" + "/i/b.qcow2"
                        + "): another disk has target vda already; libvirt refuses this definition. Give each disk its"
                        + " own target, then plan again"),
                dup.reasons());
        assertTrue(dup.steps().isEmpty());
        assertNull(dup.newXml());
        assertTrue(plan.refusesDefinitions());
        assertEquals(DomainOutcome.MIGRATE, plan.domains().get(1).outcome());
    }

    @Test
    void anIothreadTheDomainDoesNotHaveIsRefused() {
        String driver = "<driver name='qemu' type='qcow2' iothread='3'/>";
        String three = domainXml(
                "io", "  <iothreads>2</iothreads>\n", disk(driver, "<source file='" + IMAGE + "'/>", "vda virtio", ""));
        String none = domainXml("io0", "", disk(driver, "<source file='" + IMAGE + "'/>", "vda virtio", ""));

        Plan plan = plan(new PlanFacts().domain(three, Map.of()).domain(none, Map.of()));

        assertEquals(
                List.of("rule definition.unknown-iothread: domain io, disk vda (" + IMAGE + "): it names"
                        + " iothread 3, but the domain has IOThreads 1, 2; libvirt refuses this definition. Name one of"
                        + " them or raise <iothreads>, then plan again"),
                plan.domains().get(0).reasons());
        assertEquals(
                List.of("rule definition.unknown-iothread: domain io0, disk vda (" + IMAGE + "): it names"
                        + " iothread 3, but the domain has no IOThreads; libvirt refuses this definition. Name one of"
                        + " them or raise <iothreads>, then plan again"),
                plan.domains().get(1).reasons());
        assertTrue(plan.refusesDefinitions());
    }

    @Test
    void aDefinitionWhoseNumbersCannotBeReadIsRefusedAndTheOtherDomainsStillPlan() {
        String bad = domainXml("bad", "  <iothreads>two</iothreads>\n", qcow2Disk(IMAGE, "vda", "virtio"));
        String fine = domainXml("web", "", qcow2Disk("/i/web.qcow2", "vda", "virtio"));

        Plan plan =
                plan(new PlanFacts().domain(bad, Map.of()).domain(fine, Map.of("vda", qcow2("/i/web.qcow2", 2, 1))));

        assertEquals(
                List.of("rule definition.unreadable: domain bad: test domain: iothreads is 'two', not a whole"
                        + " number; libvirt refuses this definition. Correct it, then plan again"),
                plan.domains().get(0).reasons());
        assertEquals(DomainOutcome.MIGRATE, plan.domains().get(1).outcome());
    }

    @Test
    void aDiskWithoutATargetIsRefusedAndTheOtherDomainsStillPlan() {
        String noTarget = "    <disk type='file' device='disk'>\n      <driver name='qemu' type='qcow2'/>\n"
                + "      <source file='" + IMAGE + "'/>\n    </disk>\n";
        String bad = domainXml("bad", "", noTarget);
        String fine = domainXml("web", "", qcow2Disk("/i/web.qcow2", "vda", "virtio"));

        Plan plan =
                plan(new PlanFacts().domain(bad, Map.of()).domain(fine, Map.of("vda", qcow2("/i/web.qcow2", 2, 1))));

        assertEquals(DomainOutcome.STOPPED, plan.domains().get(0).outcome());
        assertTrue(
                plan.domains().get(0).reasons().get(0).startsWith("rule definition.unreadable: domain bad: "),
                plan.domains().get(0).reasons().toString());
        assertTrue(plan.domains().get(0).reasons().get(0).contains("a disk has no <target dev=...>"));
        assertEquals(DomainOutcome.MIGRATE, plan.domains().get(1).outcome());
    }

    @Test
    void aValidPlanRefusesNothing() {
        Plan plan = plan(new PlanFacts()
                .domain(domainXml("web", "", qcow2Disk(IMAGE, "vda", "virtio")), Map.of("vda", qcow2(IMAGE, 2, 1))));

        assertFalse(plan.refusesDefinitions());
    }
}
