package io.virttune.apply;

import static io.virttune.apply.ApplyHarness.GIB;
import static io.virttune.apply.ApplyHarness.domainXml;
import static io.virttune.apply.ApplyHarness.ours;
import static io.virttune.apply.ApplyHarness.qcow2Disk;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.apply.journal.DomainJournal;
import io.virttune.apply.journal.DomainJournal.Status;
import io.virttune.apply.journal.JournalEntry;
import io.virttune.apply.journal.JournalEntry.StepState;
import io.virttune.apply.ports.DomainResult;
import io.virttune.libvirt.DomainState;
import io.virttune.plan.Plan;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Rollback through the real classes: it removes only what is provably virt-tune's and unused. */
class RollbackTest extends Site1Test {
    static final String DATA = "/images/site1-data.qcow2";

    @BeforeEach
    void dataImage() {
        host.image(DATA, 4 * GIB, 1 * GIB);
    }

    /** Apply A: site1's vda moves to vg/site1-vda, and the guest is defined on it. */
    private void firstApplyCompletes() {
        Plan plan = host.plan("site1");
        host.replySite1Migration();
        assertEquals(
                DomainResult.Result.DONE, host.apply(plan, true, false).get(0).result(), host.output.toString());
        assertTrue(host.libvirt.inactiveXml("site1").contains("/dev/vg/site1-vda"));
    }

    @Test
    void rollbackAfterASecondApplyFailedAtLvcreateKeepsTheLvsTheGuestRunsOn() {
        firstApplyCompletes();
        host.attach("site1", qcow2Disk(DATA, "vdb"));
        Plan second = host.plan("site1");
        host.runner.fail(5, "  Volume group \"vg\" has insufficient free space (0 extents): 1024 required.\n");
        DomainResult failed = host.apply(second, true, false).get(0);
        assertEquals(DomainResult.Result.FAILED, failed.result());
        // It changed nothing: apply A's journal is current again, there is nothing of B to undo.
        assertTrue(failed.detail().contains("nothing changed on the host"), failed.detail());
        DomainJournal current = host.state.journal(UUID).orElseThrow();
        assertEquals(Status.COMPLETED, current.status(), "apply A's journal is current again");
        assertEquals(List.of("vg/site1-vda"), current.createdVolumes());

        DomainResult result = host.rollback("site1", true, false);

        assertEquals(DomainResult.Result.REFUSED, result.result(), "undoing A needs --force: " + result.detail());
        assertTrue(
                host.commandLines().stream().noneMatch(line -> line.contains("lvremove")),
                host.commandLines().toString());
        assertTrue(host.libvirt.inactiveXml("site1").contains("/dev/vg/site1-vda"));
    }

    @Test
    void anLvAnyDefinitionUsesIsKeptWhateverTheJournalSays() {
        // A journal that claims the LV as this unfinished apply's own, while the definition uses it.
        host.lv(ours("site1-vda", 8 * GIB, UUID, "Lv-A"));
        host.libvirt.define(domainXml(
                "site1",
                UUID,
                "    <disk type='block' device='disk'><driver name='qemu' type='raw'/>"
                        + "<source dev='/dev/vg/site1-vda'/><target dev='vda' bus='virtio'/></disk>\n"));
        host.state.save(unfinishedJournal("vg/site1-vda", "Lv-A"));

        DomainResult result = host.rollback("site1", true, false);

        assertTrue(
                host.commandLines().stream().noneMatch(line -> line.contains("lvremove")),
                host.commandLines().toString());
        assertTrue(
                host.output.toString().contains("keep vg/site1-vda: the definition of site1 uses it"),
                host.output.toString());
        assertEquals(DomainResult.Result.DONE, result.result(), result.detail());
    }

    @Test
    void anLvAnotherDomainRunsOnLiveOnlyIsKept() {
        host.lv(ours("site1-vda", 8 * GIB, UUID, "Lv-A"));
        String other = domainXml("other", "8f3b2c1e-0000-4000-8000-000000000002", "");
        host.libvirt
                .add(other, DomainState.SHUTOFF)
                .start(
                        "other",
                        other.replace(
                                "  </devices>",
                                "    <disk type='block' device='disk'><source dev='/dev/mapper/vg-site1--vda'/><target dev='vdz'/></disk>\n"
                                        + "  </devices>"));
        host.state.save(unfinishedJournal("vg/site1-vda", "Lv-A"));

        host.rollback("site1", true, false);

        assertTrue(
                host.commandLines().stream().noneMatch(line -> line.contains("lvremove")),
                host.commandLines().toString());
        assertTrue(
                host.output.toString().contains("keep vg/site1-vda: the definition of other uses it"),
                host.output.toString());
    }

    @Test
    void anLvARescueDomainNamesAsAVolumeOfALogicalPoolIsKept() {
        host.lv(ours("site1-vda", 8 * GIB, UUID, "Lv-A"));
        host.libvirt.poolVolume("vg", "site1-vda", "/dev/vg/site1-vda");
        host.libvirt.add(
                domainXml(
                        "rescue",
                        "8f3b2c1e-0000-4000-8000-000000000003",
                        "    <disk type='volume' device='disk'>"
                                + "<driver name='qemu' type='raw'/><source pool='vg' volume='site1-vda'/><target dev='vdb' bus='virtio'/>"
                                + "</disk>\n"),
                DomainState.SHUTOFF);
        host.state.save(unfinishedJournal("vg/site1-vda", "Lv-A"));

        DomainResult result = host.rollback("site1", true, false);

        assertTrue(
                host.commandLines().stream().noneMatch(line -> line.contains("lvremove")),
                host.commandLines().toString());
        assertTrue(
                host.output.toString().contains("keep vg/site1-vda: the definition of rescue uses it"),
                host.output.toString());
        assertEquals(DomainResult.Result.DONE, result.result(), result.detail());
    }

    @Test
    void anOpenLvIsKeptAndTheRollbackFailsToBeRepeated() {
        host.lv(ours("site1-vda", 8 * GIB, UUID, "Lv-A").open());
        host.state.save(unfinishedJournal("vg/site1-vda", "Lv-A"));

        DomainResult result = host.rollback("site1", true, false);

        assertEquals(DomainResult.Result.FAILED, result.result());
        assertTrue(result.detail().contains("vg/site1-vda are open"), result.detail());
        assertTrue(host.commandLines().stream().noneMatch(line -> line.contains("lvremove")));
        assertEquals(Status.FAILED, host.state.journal(UUID).orElseThrow().status(), "a repeat must still find it");
    }

    @Test
    void removesItsOwnLvOnlyAfterCheckingTagAndUuid() {
        host.lv(ours("site1-vda", 8 * GIB, UUID, "Lv-A"));
        host.state.save(unfinishedJournal("vg/site1-vda", "Lv-A"));
        host.replyRemoved("site1-vda");

        DomainResult result = host.rollback("site1", true, false);

        assertEquals(DomainResult.Result.DONE, result.result(), result.detail());
        List<String> commands = host.commandLines();
        assertEquals(
                "lvm lvs --reportformat json --units b --nosuffix -o vg_name,lv_name,lv_uuid,lv_tags,lv_attr vg",
                commands.get(0),
                "the tag and uuid are read first");
        assertEquals("lvm lvremove --yes vg/site1-vda", commands.get(commands.size() - 1));
        assertEquals(Status.ROLLED_BACK, host.state.journal(UUID).orElseThrow().status());
    }

    @Test
    void anLvOfTheJournaledNameWithoutVirtTunesTagIsNeverRemoved() {
        host.lv(ApplyHarness.someoneElses("site1-vda", 8 * GIB));
        host.state.save(unfinishedJournal("vg/site1-vda", null));

        DomainResult result = host.rollback("site1", true, false);

        assertEquals(DomainResult.Result.REFUSED, result.result());
        assertTrue(result.detail().contains("LV vg/site1-vda lacks virt-tune's tag"), result.detail());
        assertTrue(host.commandLines().stream().noneMatch(line -> line.contains("lvremove")));
    }

    @Test
    void anLvReplacedUnderTheJournaledNameIsNeverRemoved() {
        host.lv(ours("site1-vda", 8 * GIB, UUID, "Lv-B"));
        host.state.save(unfinishedJournal("vg/site1-vda", "Lv-A"));

        DomainResult result = host.rollback("site1", true, false);

        assertEquals(DomainResult.Result.REFUSED, result.result());
        assertTrue(result.detail().contains("LV vg/site1-vda has uuid Lv-B, not the Lv-A"), result.detail());
        assertTrue(host.commandLines().stream().noneMatch(line -> line.contains("lvremove")));
    }

    /** A first apply that failed after creating the LV, before its define. */
    private static DomainJournal unfinishedJournal(String volume, String lvUuid) {
        DomainJournal journal = DomainJournal.start(
                        "site1", UUID, "t", "sha256:x", "sha256:p", "/b.xml", List.of(IMAGE), List.of())
                .withCreatedVolume(volume)
                .with(new JournalEntry(0, "CreateVolume", StepState.DONE, "t", ""))
                .with(new JournalEntry(2, "ConvertImage", StepState.FAILED, "t", "no space"))
                .withStatus(Status.FAILED);
        return lvUuid == null ? journal : journal.withVolumeUuid(volume, lvUuid);
    }
}
