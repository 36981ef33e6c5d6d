package io.virttune.apply;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.apply.journal.DomainJournal;
import io.virttune.apply.journal.JournalEntry;
import io.virttune.apply.live.AutostartPause;
import io.virttune.apply.ports.DomainResult;
import io.virttune.plan.Plan;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The window between the last state check and define: held shut, autostart off, checked after. */
class DefineWindowTest extends Site1Test {

    @Test
    void aGuestStartedWhileItIsDefinedFailsTheDomainAndGetsItsDefinitionBack() {
        String before = host.libvirt.inactiveXml("site1");
        Plan plan = host.plan("site1");
        host.replySite1Migration();
        host.libvirt.duringNextDefine(() -> host.libvirt.start("site1", before));

        DomainResult result = host.apply(plan, true, false).get(0);

        assertEquals(DomainResult.Result.FAILED, result.result(), host.output.toString());
        assertTrue(
                result.detail().contains("'site1' was started while it was being defined: it runs on its old images"),
                result.detail());
        assertEquals(before, host.libvirt.inactiveXml("site1"), "the definition it runs on is the one it keeps");
        assertEquals(
                DomainJournal.Status.FAILED,
                host.state.journal(UUID).orElseThrow().status());
    }

    @Test
    void aGuestStartedRightAfterTheDefineRunsOnItsLvsAndKeepsTheNewDefinition() {
        Plan plan = host.plan("site1");
        host.replySite1Migration();
        // The sources are held until after the define: a start now can only be on the new definition.
        host.libvirt.afterNextDefine(() -> host.libvirt.start("site1", host.libvirt.inactiveXml("site1")));

        DomainResult result = host.apply(plan, true, false).get(0);

        assertEquals(DomainResult.Result.DONE, result.result(), result.detail() + host.output);
        assertTrue(host.libvirt.inactiveXml("site1").contains("/dev/vg/site1-vda"), "the new definition is kept");
        assertTrue(
                host.output
                        .toString()
                        .contains("was started right after its define: it runs on its LVs" + " [/dev/vg/site1-vda]"),
                host.output.toString());
        assertEquals(
                1, host.libvirt.defines().size(), "the old definition is not defined again under a guest on its LVs");
        assertEquals(
                DomainJournal.Status.COMPLETED,
                host.state.journal(UUID).orElseThrow().status());
    }

    @Test
    void theSourceImageIsHeldFromPreflightUntilAfterTheDefineLetGoOnlyWhileQemuImgOpensIt() {
        Plan plan = host.plan("site1");
        host.replySite1Migration();
        host.libvirt.duringNextDefine(() -> host.events.add("define"));

        assertEquals(
                DomainResult.Result.DONE, host.apply(plan, true, false).get(0).result(), host.output.toString());

        String hold = "hold " + IMAGE;
        String release = "release " + IMAGE;
        // Taken before the first step; let go for the copy and for the compare, taken again after each.
        assertEquals(List.of(hold, release, hold, release, hold, "define", release), host.events);
    }

    @Test
    void aGuestThatTookTheImageWhileTheCopyRanRefusesTheDomainBeforeAnythingIsDefined() {
        // Let go for the copy: a guest started right after it ends holds the image.
        host.guestStartsOnRelease.add(IMAGE);

        refusedWithNothingDefined();
    }

    @Test
    void anImageAGuestHoldsAfterPreflightRefusesTheDomainBeforeAnyLvIsCreated() {
        host.imagesInUse.add(IMAGE);

        DomainResult result = refusedWithNothingDefined();

        assertTrue(result.detail().contains("image " + IMAGE + " of 'site1' is in use"), result.detail());
        assertTrue(
                host.commandLines().stream().noneMatch(line -> line.contains("lvcreate")),
                host.commandLines().toString());
    }

    private DomainResult refusedWithNothingDefined() {
        Plan plan = host.plan("site1");
        host.replySite1Migration();

        DomainResult result = host.apply(plan, true, false).get(0);

        assertEquals(DomainResult.Result.REFUSED, result.result(), host.output.toString());
        assertEquals(List.of(), host.libvirt.defines());
        return result;
    }

    @Test
    void autostartIsOffWhileApplyingAndOnAgainAfterwardsBothJournaled() {
        host.libvirt.autostart("site1", true);
        Plan plan = host.plan("site1");
        host.replySite1Migration();
        List<Boolean> duringDefine = new ArrayList<>();
        host.libvirt.duringNextDefine(() -> duringDefine.add(host.libvirt.autostart("site1")));

        assertEquals(
                DomainResult.Result.DONE, host.apply(plan, true, false).get(0).result(), host.output.toString());

        assertEquals(List.of(false), duringDefine);
        assertTrue(host.libvirt.autostart("site1"));
        assertEquals(List.of(AutostartPause.TURNED_OFF, AutostartPause.TURNED_ON), autostartEntries());
    }

    /** Found by the fault matrix: killed after the journal said COMPLETED, before autostart was on again. */
    @Test
    void anApplyKilledAfterItsJournalSaidCompletedTurnsAutostartOnAgainWhenRunAgain() {
        host.libvirt.autostart("site1", true);
        Plan plan = host.plan("site1");
        host.replySite1Migration();
        host.apply(plan, true, false);
        DomainJournal done = host.state.journal(UUID).orElseThrow();
        List<JournalEntry> entries = new ArrayList<>(done.entries());
        entries.remove(entries.size() - 1);
        host.state.save(new DomainJournal(
                done.domain(),
                done.uuid(),
                done.planCreatedAt(),
                done.planFingerprint(),
                done.planDigest(),
                DomainJournal.Status.COMPLETED,
                done.backupFile(),
                done.sourceImages(),
                done.createdVolumes(),
                done.volumeUuids(),
                done.definedVolumes(),
                done.earlierJournal(),
                entries,
                done.disks()));
        host.libvirt.autostart("site1", false);
        assertEquals(List.of(AutostartPause.TURNED_OFF), autostartEntries());

        assertEquals(
                DomainResult.Result.ALREADY_DONE,
                host.apply(plan, true, true).get(0).result(),
                host.output.toString());

        assertTrue(host.libvirt.autostart("site1"));
        assertEquals(List.of(AutostartPause.TURNED_OFF, AutostartPause.TURNED_ON), autostartEntries());
    }

    @Test
    void autostartIsOnAgainAfterAFailedCopy() {
        host.libvirt.autostart("site1", true);
        Plan plan = host.plan("site1");
        host.replySite1UntilTheCopy().replyFailedCopy();

        assertEquals(
                DomainResult.Result.FAILED, host.apply(plan, true, false).get(0).result(), host.output.toString());

        assertTrue(host.libvirt.autostart("site1"));
        assertFalse(AutostartPause.pending(host.state.journal(UUID).orElseThrow()));
    }

    @Test
    void aRunThatNeverDidTurnedItOnAgainLeavesItToTheRollback() {
        Plan plan = host.plan("site1");
        host.replySite1UntilTheCopy().replyFailedCopy();
        host.apply(plan, true, false);
        // As a SIGKILL right after autostart was turned off leaves it: journaled off, still off.
        host.state.save(host.state
                .journal(UUID)
                .orElseThrow()
                .with(new JournalEntry(
                        AutostartPause.DOMAIN,
                        AutostartPause.KIND,
                        JournalEntry.StepState.DONE,
                        "t",
                        AutostartPause.TURNED_OFF)));
        host.replyRemoved("site1-vda");

        DomainResult result = host.rollback("site1", true, false);

        assertEquals(DomainResult.Result.DONE, result.result(), result.detail() + host.output);
        assertTrue(host.libvirt.autostart("site1"));
    }

    private List<String> autostartEntries() {
        return host.state.journal(UUID).orElseThrow().entries().stream()
                .filter(entry -> entry.kind().equals(AutostartPause.KIND))
                .map(JournalEntry::detail)
                .toList();
    }
}
