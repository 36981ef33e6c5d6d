package io.virttune.apply;

import static io.virttune.apply.ApplyHarness.GIB;
import static io.virttune.apply.ApplyHarness.ours;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.apply.guards.VolumeOwnership;
import io.virttune.apply.journal.DomainJournal;
import io.virttune.apply.journal.JournalEntry;
import io.virttune.apply.ports.DomainResult;
import io.virttune.apply.ports.StaleWriters;
import io.virttune.plan.Plan;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What a killed apply leaves: a copy that may still write, and a journal that says it was stopped. */
class InterruptedRunTest extends Site1Test {
    private static final StaleWriters.Writer ORPHAN =
            new StaleWriters.Writer(4242, "qemu-img convert -p -f qcow2 -O raw " + IMAGE + " /dev/vg/site1-vda");

    @Test
    void resumeRefusesWhileTheInterruptedRunsCopyStillWritesItsLv() {
        Plan plan = host.plan("site1");
        host.state.save(host.interruptedRightAfterLvcreate(plan).withVolumeUuid("vg/site1-vda", "Lv-A"));
        host.lv(ours("site1-vda", 8 * GIB, UUID, "Lv-A"));
        host.writers.put("/dev/vg/site1-vda", List.of(ORPHAN));

        DomainResult result = host.apply(plan, true, true).get(0);

        assertEquals(DomainResult.Result.REFUSED, result.result(), host.output.toString());
        assertTrue(result.detail().contains("/dev/vg/site1-vda is open for writing by pid 4242"), result.detail());
        assertTrue(
                host.commandLines().stream()
                        .noneMatch(line ->
                                line.contains("lvcreate") || line.contains("convert") || line.contains("lvremove")),
                host.commandLines().toString());
    }

    @Test
    void resumeOfAnInterruptedLinearCopyRefusesWhileTheOldCopyStillWrites() {
        Plan plan = copyFailedAndItsProcessStillWrites();

        DomainResult result = host.apply(plan, true, true).get(0);

        assertEquals(DomainResult.Result.REFUSED, result.result(), host.output.toString());
        assertTrue(result.detail().contains("pid 4242"), result.detail());
        assertTrue(
                host.commandLines().stream().noneMatch(line -> line.contains("convert")),
                host.commandLines().toString());
    }

    @Test
    void rollbackRefusesBeforeAnyLvremoveNamingTheWriter() {
        copyFailedAndItsProcessStillWrites();

        DomainResult result = host.rollback("site1", true, false);

        assertEquals(DomainResult.Result.REFUSED, result.result(), result.detail());
        assertTrue(result.detail().contains("open for writing by pid 4242 (qemu-img convert"), result.detail());
        assertTrue(
                host.commandLines().stream().noneMatch(line -> line.contains("lvremove")),
                host.commandLines().toString());
    }

    /** A copy that failed (as a killed run's does), while its qemu-img still writes the LV. */
    private Plan copyFailedAndItsProcessStillWrites() {
        Plan plan = host.plan("site1");
        host.replySite1UntilTheCopy().replyFailedCopy();
        host.apply(plan, true, false);
        host.writers.put("/dev/vg/site1-vda", List.of(ORPHAN));
        host.runner.commands().clear();
        return plan;
    }

    @Test
    void aSignalIsJournaledInTheDomainInProgressAndKeptByItsLaterWrites() {
        Plan plan = host.plan("site1");
        host.replySite1Migration();
        host.libvirt.duringNextDefine(() -> Interruptions.interruptAll(Interruptions.BY_SIGNAL));

        host.apply(plan, true, false);

        assertTrue(
                host.state.journal(UUID).orElseThrow().entries().stream()
                        .anyMatch(entry -> entry.kind().equals("Interrupted")
                                && entry.detail().equals(Interruptions.BY_SIGNAL)),
                host.state.journal(UUID).orElseThrow().entries().toString());
    }

    /**
     * Found by the fault matrix: a signal stopped lvcreate after LVM wrote the LV and before it
     * activated it; for a thin LV possibly before the pool made its thin device, and then no
     * activation can succeed. Resume removes it and makes it again, before any copy.
     */
    @Test
    void resumeMakesAgainTheLvTheInterruptedLvcreateLeftInactiveBeforeCopying() {
        Plan plan = host.plan("site1");
        host.state.save(host.interruptedRightAfterLvcreate(plan).withVolumeUuid("vg/site1-vda", "Lv-A"));
        host.lv(new ApplyHarness.Lv(
                "site1-vda", 8 * GIB, "linear", "-wi-------", "", 0, "Lv-A", List.of(VolumeOwnership.tagsFor(UUID))));
        // The reports change with these two: the lvremove takes Lv-A out, the lvcreate puts Lv-B in, which the
        // identity read after it shows.
        host.replyRemoved("site1-vda")
                .replyCreated(ours("site1-vda", 8 * GIB, UUID, "Lv-B"))
                .replyOk()
                .replyLinearCopy(IMAGE, 8 * GIB);

        DomainResult result = host.apply(plan, true, true).get(0);

        assertEquals(
                DomainResult.Result.DONE, result.result(), result.detail() + "\n" + host.output + host.commandLines());
        List<String> commands = host.commandLines();
        int removal = commands.indexOf("lvm lvremove --yes vg/site1-vda");
        int creation = commands.indexOf(commands.stream()
                .filter(line -> line.startsWith("lvm lvcreate"))
                .findFirst()
                .orElse(""));
        int copy = commands.indexOf(commands.stream()
                .filter(line -> line.contains("convert"))
                .findFirst()
                .orElse(""));
        assertTrue(removal >= 0 && removal < creation && creation < copy, host.output + commands.toString());
        assertTrue(
                host.output
                        .toString()
                        .contains("vg/site1-vda exists from the interrupted run, never activated; making it again"),
                host.output.toString());
        assertEquals(
                "Lv-B",
                host.state.journal(UUID).orElseThrow().volumeUuids().get("vg/site1-vda"),
                "the journal proves the new LV ours, not the removed one");
    }

    /** Found by the fault matrix: the interrupted run's lvchange had set it, and LVM refuses an unchanged value. */
    @Test
    void resumeDoesNotSetAReadAheadTheInterruptedRunSetAlready() {
        Plan plan = host.plan("site1");
        host.state.save(host.interruptedRightAfterLvcreate(plan)
                .withVolumeUuid("vg/site1-vda", "Lv-A")
                .with(new JournalEntry(0, "create-volume", JournalEntry.StepState.DONE, "t", ""))
                .with(new JournalEntry(1, "set-read-ahead", JournalEntry.StepState.STARTED, "t", "")));
        host.lv(ours("site1-vda", 8 * GIB, UUID, "Lv-A"));
        host.replyLinearCopy(IMAGE, 8 * GIB);

        assertEquals(
                DomainResult.Result.DONE, host.apply(plan, true, true).get(0).result(), host.output.toString());
        assertTrue(host.output.toString().contains("the interrupted run set it already"), host.output.toString());
        assertTrue(
                host.commandLines().stream().noneMatch(line -> line.contains("--readahead")),
                host.commandLines().toString());
    }

    /** The journal of a run killed in the middle of its linear copy: the steps before it done, the copy started. */
    private DomainJournal killedMidCopy(Plan plan) {
        DomainJournal journal = host.interruptedRightAfterLvcreate(plan).withVolumeUuid("vg/site1-vda", "Lv-A");
        List<io.virttune.plan.Step> steps = plan.domains().get(0).steps();
        for (int i = 0; i < steps.size(); i++) {
            boolean copy = steps.get(i) instanceof io.virttune.plan.ConvertImage;
            journal = journal.with(new JournalEntry(
                    i,
                    steps.get(i).kind(),
                    copy ? JournalEntry.StepState.STARTED : JournalEntry.StepState.DONE,
                    "t",
                    ""));
            if (copy) {
                return journal;
            }
        }
        throw new AssertionError("no copy in " + steps);
    }

    @Test
    void resumeWritesNoCopyIntoAnLvOfTheJournaledNameThatWasReplaced() {
        Plan plan = host.plan("site1");
        host.state.save(killedMidCopy(plan));
        // Someone removed the half-written LV and made another of that name, even with virt-tune's tags.
        host.lv(ours("site1-vda", 8 * GIB, UUID, "Lv-B"));

        DomainResult result = host.apply(plan, true, true).get(0);

        assertEquals(DomainResult.Result.REFUSED, result.result(), result.detail() + host.output);
        assertTrue(result.detail().contains("has uuid Lv-B, not the Lv-A virt-tune journaled"), result.detail());
        assertTrue(
                host.commandLines().stream().noneMatch(line -> line.contains("qemu-img convert")),
                host.commandLines().toString());
    }

    @Test
    void resumeWritesNoCopyIntoAnLvAnotherDomainWasDefinedOn() {
        Plan plan = host.plan("site1");
        host.state.save(killedMidCopy(plan));
        host.lv(ours("site1-vda", 8 * GIB, UUID, "Lv-A"));
        host.libvirt.add(
                ApplyHarness.domainXml(
                        "rescue",
                        "8f3b2c1e-0000-4000-8000-000000000003",
                        "    <disk type='block' device='disk'><driver name='qemu' type='raw'/><source dev='/dev/vg/site1-vda'/>"
                                + "<target dev='vdb' bus='virtio'/></disk>\n"),
                io.virttune.libvirt.DomainState.SHUTOFF);

        DomainResult result = host.apply(plan, true, true).get(0);

        assertEquals(DomainResult.Result.REFUSED, result.result(), result.detail() + host.output);
        assertTrue(
                result.detail().contains("[custody: in-use]") && result.detail().contains("rescue"), result.detail());
        assertTrue(
                host.commandLines().stream().noneMatch(line -> line.contains("qemu-img convert")),
                host.commandLines().toString());
    }
}
