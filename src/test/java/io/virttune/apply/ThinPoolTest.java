package io.virttune.apply;

import static io.virttune.apply.ApplyHarness.GIB;
import static io.virttune.apply.ApplyHarness.MIB;
import static io.virttune.apply.ApplyHarness.ourPool;
import static io.virttune.apply.ApplyHarness.ourThin;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.ExitCode;
import io.virttune.VirtTuneException;
import io.virttune.apply.guards.VolumeOwnership;
import io.virttune.apply.journal.PoolJournal;
import io.virttune.apply.ports.DomainResult;
import io.virttune.lvm.RecordedThinDevices;
import io.virttune.plan.CreateThinPool;
import io.virttune.plan.Plan;
import io.virttune.process.ScriptedProcessRunner;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A thin pool the plan creates: made by the first domain that passed preflight, journaled, and removable again. */
class ThinPoolTest extends Site1Test {

    @Test
    void whenEveryDomainIsRefusedNoPoolIsCreated() {
        Plan plan = host.planIntoNewPool("tpool", "site1");
        // Started since it was planned: preflight refuses to copy its images.
        host.libvirt.start("site1", host.libvirt.inactiveXml("site1"));

        DomainResult result = host.apply(plan, true, false).get(0);

        assertEquals(DomainResult.Result.REFUSED, result.result(), result.detail());
        assertTrue(
                host.commandLines().stream().noneMatch(line -> line.contains("lvcreate")),
                host.commandLines().toString());
        assertEquals(List.of(), host.state.poolJournals());
    }

    /** site1 applied into the new pool tpool, which its plan creates; the plan. */
    private Plan appliedIntoNewPool() {
        Plan plan = host.planIntoNewPool("tpool", "site1");
        host.replyCreated(ourPool("tpool", 20 * GIB, "Pool-1"))
                .replyCreated(ourThin("site1-vda", 8 * GIB, "tpool", UUID, "Lv-A"))
                .replyOk()
                .replyThinCopy();

        assertEquals(
                DomainResult.Result.DONE, host.apply(plan, true, false).get(0).result(), host.output.toString());
        return plan;
    }

    @Test
    void aCopyIntoAThinLvMapsItsSourceOnceForThePoolsRoomAndTheVerifysWindows() {
        RecordedThinDevices.answer(host.runner);
        host.runner.answer(ScriptedProcessRunner.command("qemu-img", "compare"), argv -> "Images are identical.\n");
        Plan plan = host.planIntoNewPool("tpool", "site1");
        host.replyCreated(ourPool("tpool", 20 * GIB, "Pool-1"))
                .replyCreated(ourThin("site1-vda", 8 * GIB, "tpool", UUID, "Lv-A"))
                .replyOk();
        host.runner.succeed("    (100.00/100%)\n");

        assertEquals(
                DomainResult.Result.DONE, host.apply(plan, true, false).get(0).result(), host.output.toString());

        List<String> compares = host.commandLines().stream()
                .filter(line -> line.startsWith("qemu-img compare"))
                .toList();
        assertTrue(
                compares.stream().anyMatch(line -> line.contains(",offset=0,size=")),
                "compared in windows: " + compares);
        // Preflight maps it too, before any LV is made; the copy step, after the read-ahead, once.
        List<String> lines = host.commandLines();
        List<String> copyStep = lines.subList(lines.indexOf("lvm lvchange --readahead 0 vg/site1-vda"), lines.size());
        assertEquals(
                1,
                copyStep.stream()
                        .filter(line -> line.startsWith("qemu-img map") && line.endsWith(ApplyHarness.SITE1_IMAGE))
                        .count(),
                copyStep.toString());
    }

    @Test
    void aVerifyThatReadTheThinLvInFullSaysWhyInOneLineOfTheLog() {
        appliedIntoNewPool();

        // The harness's LVs have no device-mapper devices, so the pool's mapping cannot be read.
        assertTrue(
                host.output
                        .toString()
                        .contains("  verified /dev/vg/site1-vda by reading it in full, as the pool's mapping could"
                                + " not be read: 'dmsetup table vg-site1--vda' failed with exit code 1: Device does"
                                + " not exist. Command failed.\n"),
                host.output.toString());
    }

    @Test
    void theFirstDomainThatNeedsThePoolCreatesItTaggedAndJournaledAndItsRollbackRemovesItEmpty() {
        Plan plan = appliedIntoNewPool();

        assertTrue(
                host.commandLines()
                        .contains("lvm lvcreate --yes --addtag virt-tune --addtag virt-tune-pool --type"
                                + " thin-pool -L 21474836480b --chunksize 65536b --zero y --poolmetadatasize "
                                + planned(plan).metadataSizeBytes() + "b -n tpool vg"),
                host.commandLines().toString());
        PoolJournal pool = host.state.poolJournal("vg", "tpool").orElseThrow();
        assertEquals(new PoolJournal("vg", "tpool", PoolJournal.Status.CREATED, "Pool-1", List.of(UUID)), pool);

        // A dry run says the pool would go too, once its thin volume is gone; it changes nothing.
        assertEquals(
                DomainResult.Result.WOULD_RUN,
                host.rollback("site1", false, true).result(),
                host.output.toString());
        assertTrue(host.output.toString().contains("would remove thin pool vg/tpool"), host.output.toString());
        assertEquals(pool, host.state.poolJournal("vg", "tpool").orElseThrow());

        // Rolled back with --force: the thin LV goes, then the pool, which LVM reports empty by then (the
        // thin LV's removal takes it out of the reports read after it) and still the one created.
        host.replyRemoved("site1-vda").replyRemoved("tpool");
        DomainResult rollback = host.rollback("site1", true, true);

        assertEquals(DomainResult.Result.DONE, rollback.result(), rollback.detail() + host.output);
        List<String> commands = host.commandLines();
        assertEquals("lvm lvremove --yes vg/tpool", commands.get(commands.size() - 1));
        assertEquals(
                PoolJournal.Status.REMOVED,
                host.state.poolJournal("vg", "tpool").orElseThrow().status());
    }

    @Test
    void aPoolOfThePlannedNameThatVirtTuneDidNotCreateRefusesTheRun() {
        Plan plan = host.planIntoNewPool("tpool", "site1");
        host.lv(ourPool("tpool", 20 * GIB, "Pool-1"));

        VirtTuneException refused = assertThrows(VirtTuneException.class, () -> host.apply(plan, true, true));
        assertEquals(ExitCode.REFUSED, refused.exitCode());
        assertTrue(refused.getMessage().contains("thin pool vg/tpool exists already"), refused.getMessage());
        assertTrue(refused.getMessage().contains("no virt-tune journal names it"), refused.getMessage());
        assertTrue(host.commandLines().stream().noneMatch(line -> line.contains("lvcreate")));
    }

    @Test
    void aPoolAnotherPlanCreatedWithAnotherChunkSizeIsNotUsedSilently() {
        Plan plan = host.planIntoNewPool("tpool", "site1");
        host.state.save(
                new PoolJournal("vg", "tpool", PoolJournal.Status.CREATED, "Pool-1", List.of("some-other-domain")));
        host.lv(new ApplyHarness.Lv(
                "tpool",
                20 * GIB,
                "thin-pool",
                "twi-aotz--",
                "",
                4 * MIB,
                "Pool-1",
                List.of(VolumeOwnership.tagsFor(VolumeOwnership.POOL_OWNER))));

        VirtTuneException refused = assertThrows(VirtTuneException.class, () -> host.apply(plan, true, false));

        assertEquals(ExitCode.REFUSED, refused.exitCode());
        assertTrue(
                refused.getMessage()
                        .contains("created by virt-tune for another plan, with 4 MiB chunks and zeroing"
                                + " off, where this plan was reviewed with 64 KiB chunks and zeroing on"),
                refused.getMessage());
        assertTrue(host.commandLines().stream().noneMatch(line -> line.contains("lvcreate")));
    }

    private static CreateThinPool planned(Plan plan) {
        return (CreateThinPool) plan.hostSteps().get(0);
    }
}
