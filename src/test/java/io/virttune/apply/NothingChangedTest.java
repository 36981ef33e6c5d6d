package io.virttune.apply;

import static io.virttune.apply.ApplyHarness.GIB;
import static io.virttune.apply.ApplyHarness.domainXml;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.VirtTuneException;
import io.virttune.apply.guards.UnchangedHost;
import io.virttune.apply.journal.DomainJournal;
import io.virttune.apply.journal.DomainJournal.Status;
import io.virttune.apply.journal.JournalEntry;
import io.virttune.apply.live.AutostartPause;
import io.virttune.apply.ports.DomainResult;
import io.virttune.libvirt.DomainState;
import io.virttune.plan.Plan;
import java.nio.file.Files;
import org.junit.jupiter.api.Test;

/**
 * An apply that fails before it changed anything on the host leaves nothing that blocks the
 * operator: a plain apply runs again, and rollback has nothing to undo, even of a running guest.
 */
class NothingChangedTest extends Site1Test {
    private static final String SITE2 = "site2";
    private static final String SITE2_UUID = "8f3b2c1e-0000-4000-8000-000000000002";

    @Test
    void anLvcreateThatFailsLeavesAJournalClosedAsNothingChangedAndAPlainApplyRunsAgain() {
        Plan plan = host.plan("site1");
        host.runner.fail(5, "  Volume group \"vg\" has insufficient free space (0 extents): 2048 required.\n");

        DomainResult failed = host.apply(plan, true, false).get(0);

        assertEquals(DomainResult.Result.FAILED, failed.result(), host.output.toString());
        assertTrue(failed.detail().contains("nothing changed on the host"), failed.detail());
        DomainJournal journal = host.state.journal(UUID).orElseThrow();
        assertEquals(Status.NOTHING_CHANGED, journal.status());
        host.libvirt.start("site1", host.libvirt.inactiveXml("site1"));
        assertEquals(
                DomainResult.Result.NOTHING_TO_DO,
                host.rollback("site1", true, false).result(),
                host.output.toString());
        host.libvirt.stop("site1");

        host.replySite1Migration();
        DomainResult again = host.apply(plan, true, false).get(0);

        assertEquals(DomainResult.Result.DONE, again.result(), again.detail() + host.output);
    }

    /**
     * Entries of the domain as a whole record what apply decided, not a change to the host: a failed
     * apply whose journal holds one, a live copy's word on its zeros say, is still one that changed nothing.
     */
    @Test
    void aJournaledDecisionOfTheDomainAsAWholeIsNoChangeToTheHost() {
        Plan plan = host.plan("site1");
        host.runner.fail(5, "  Volume group \"vg\" has insufficient free space (0 extents): 2048 required.\n");
        host.apply(plan, true, false);
        DomainJournal failed = host.state.journal(UUID).orElseThrow();

        DomainJournal decided = failed.with(new JournalEntry(
                AutostartPause.DOMAIN,
                "MirrorWritesZeros",
                JournalEntry.StepState.DONE,
                ApplyHarness.NOW.toString(),
                "/dev/vg/site1-vda: a linear LV holds what its extents held before"));

        assertTrue(new UnchangedHost(host.state, plan.domains().get(0), host.libvirt).holds(decided));
    }

    @Test
    void anLvcreateThatSucceededButCannotBeReadBackIsNotNothingChanged() {
        Plan plan = host.plan("site1");
        // lvcreate succeeds, yet LVM does not report the LV.
        host.replyOk();

        DomainResult failed = host.apply(plan, true, false).get(0);

        assertEquals(DomainResult.Result.FAILED, failed.result(), host.output.toString());
        DomainJournal journal = host.state.journal(UUID).orElseThrow();
        assertEquals(Status.FAILED, journal.status(), "the LV may exist: rollback must still find its name");
        assertEquals(java.util.List.of("vg/site1-vda"), journal.createdVolumes());
    }

    @Test
    void aRetuneWhoseDefineLibvirtdRefusesLeavesNothingThatBlocksTheNextApplyOrARollback() {
        Plan plan = site2OnItsLv(DomainState.SHUTOFF);
        String before = host.libvirt.inactiveXml(SITE2);
        refuseTheNextDefine();

        DomainResult failed = host.apply(plan, true, false).get(0);

        assertEquals(DomainResult.Result.FAILED, failed.result(), host.output.toString());
        assertTrue(failed.detail().contains("unsupported configuration"), failed.detail());
        assertTrue(failed.detail().contains("nothing changed on the host"), failed.detail());
        assertEquals(before, host.libvirt.inactiveXml(SITE2));
        DomainJournal journal = host.state.journal(SITE2_UUID).orElseThrow();
        assertEquals(Status.NOTHING_CHANGED, journal.status());
        assertTrue(
                Files.exists(java.nio.file.Path.of(journal.backupFile())),
                "the backup is kept: " + journal.backupFile());
        host.libvirt.start(SITE2, before);
        assertEquals(
                DomainResult.Result.NOTHING_TO_DO,
                host.rollback(SITE2, true, false).result(),
                host.output.toString());
        host.libvirt.stop(SITE2);

        DomainResult again = host.apply(plan, true, false).get(0);

        assertEquals(DomainResult.Result.DONE, again.result(), again.detail() + host.output);
    }

    @Test
    void aRunningGuestsRetuneWhoseDefineLibvirtdRefusesHasNotTouchedItsLvsReadAhead() {
        host.readAhead("site2-vda", 128 * 1024);
        Plan plan = site2OnItsLv(DomainState.RUNNING);
        refuseTheNextDefine();

        DomainResult failed = host.apply(plan, true, false).get(0);

        assertEquals(DomainResult.Result.FAILED, failed.result(), host.output.toString());
        assertTrue(failed.detail().contains("nothing changed on the host"), failed.detail());
        assertTrue(
                host.runner.commands().stream().noneMatch(command -> command.contains("lvchange")),
                host.runner.commands().toString());
        assertEquals(
                Status.NOTHING_CHANGED,
                host.state.journal(SITE2_UUID).orElseThrow().status());
        assertEquals(
                DomainResult.Result.NOTHING_TO_DO,
                host.rollback(SITE2, true, false).result(),
                host.output.toString());

        host.replyOk();
        DomainResult again = host.apply(plan, true, false).get(0);

        assertEquals(DomainResult.Result.DONE, again.result(), again.detail() + host.output);
        assertTrue(
                host.runner.commands().stream().anyMatch(command -> command.contains("lvchange")),
                host.runner.commands().toString());
    }

    /** site2, whose one disk is an LV already (not virt-tune's): a retune, no data moves. */
    private Plan site2OnItsLv(DomainState state) {
        host.lv(ApplyHarness.someoneElses("site2-vda", 8 * GIB));
        host.libvirt.add(
                domainXml(
                        SITE2,
                        SITE2_UUID,
                        "    <disk type='block' device='disk'>\n      <driver name='qemu' type='raw'/>\n"
                                + "      <source dev='/dev/vg/site2-vda'/>\n      <target dev='vda' bus='virtio'/>\n    </disk>\n"),
                state);
        return host.plan(SITE2);
    }

    private void refuseTheNextDefine() {
        host.libvirt.duringNextDefine(() -> {
            throw VirtTuneException.failed("libvirt: unsupported configuration: this QEMU does not support it");
        });
    }
}
