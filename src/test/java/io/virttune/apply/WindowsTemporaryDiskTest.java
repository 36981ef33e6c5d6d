package io.virttune.apply;

import static io.virttune.apply.ApplyHarness.GIB;
import static io.virttune.apply.ApplyHarness.MIB;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.apply.ports.DomainResult;
import io.virttune.plan.Plan;
import io.virttune.plan.Step;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Windows guest's two phases, hermetically: the temporary virtio disk's linear LV is zeroed by
 * a step of its own, and the second phase removes that LV by a step after the define, guarded as
 * a rollback's removals are.
 */
class WindowsTemporaryDiskTest {
    private static final String UUID = ApplyHarness.WINDOWS_UUID;
    private static final String IMAGE = ApplyHarness.WINDOWS_IMAGE;

    @TempDir
    Path temp;

    @Test
    void theTemporaryLinearLvIsZeroedByAStepAndTheSecondPhaseRemovesItAfterTheDefine() {
        ApplyHarness host = windowsGuest();
        Plan staging = host.plan("win");
        assertTrue(
                staging.domains().get(0).steps().stream()
                        .anyMatch(step -> step.kind().equals("zero-volume")),
                staging.domains().get(0).steps().toString());
        host.replyWindowsStaging();

        DomainResult staged = host.apply(staging, true, false).get(0);

        assertEquals(DomainResult.Result.DONE, staged.result(), staged.detail() + host.output);
        assertTrue(
                host.commandLines()
                        .contains("blkdiscard --zeroout --offset 0 --length " + 64 * MIB + " /dev/vg/win-virtio-stage"),
                host.commandLines().toString());
        assertTrue(host.state.journal(UUID).orElseThrow().isDone(5), "the zeroing is journaled as a step of its own");
        assertTrue(host.libvirt.inactiveXml("win").contains("/dev/vg/win-virtio-stage"));

        Plan ready = host.planVirtioReady("win");
        assertEquals(
                "remove-volume",
                last(ready).kind(),
                ready.domains().get(0).steps().toString());
        host.runner.commands().clear();
        host.replyRemoved("win-virtio-stage");

        DomainResult switched = host.apply(ready, true, false).get(0);

        assertEquals(DomainResult.Result.DONE, switched.result(), switched.detail() + host.output);
        assertTrue(!host.libvirt.inactiveXml("win").contains("win-virtio-stage"), host.libvirt.inactiveXml("win"));
        assertTrue(
                host.commandLines().contains("lvm lvremove --yes vg/win-virtio-stage"),
                host.commandLines().toString());
    }

    @Test
    void resumeAfterACrashRightAfterTheSwitchingDefineStillRemovesTheTemporaryLv() {
        ApplyHarness host = windowsGuest();
        Plan staging = host.plan("win");
        host.replyWindowsStaging();
        assertEquals(
                DomainResult.Result.DONE,
                host.apply(staging, true, false).get(0).result(),
                host.output.toString());
        Plan ready = host.planVirtioReady("win");
        host.libvirt.afterNextDefine(() -> {
            throw new ModelHost.Killed();
        });
        assertThrows(IllegalStateException.class, () -> host.apply(ready, true, false));
        host.runner.commands().clear();
        host.replyRemoved("win-virtio-stage");

        DomainResult resumed = host.apply(ready, true, true).get(0);

        assertEquals(DomainResult.Result.DONE, resumed.result(), resumed.detail() + host.output);
        assertTrue(
                host.commandLines().contains("lvm lvremove --yes vg/win-virtio-stage"),
                host.commandLines().toString());
    }

    @Test
    void anLvTheJournalDoesNotListIsKeptAndSaid() {
        ApplyHarness host = windowsGuest();
        host.lv(ApplyHarness.ours("win-virtio-stage", 64 * MIB, UUID, "Lv-T"));
        host.attach(
                "win",
                "    <disk type='block' device='disk'>\n      <driver name='qemu' type='raw'/>\n"
                        + "      <source dev='/dev/vg/win-virtio-stage'/>\n      <target dev='vdz' bus='virtio'/>\n    </disk>\n");
        Plan ready = host.planVirtioReady("win");
        assertEquals(
                "remove-volume",
                last(ready).kind(),
                ready.domains().get(0).steps().toString());
        host.replyCreated(ApplyHarness.ours("win-sda", 8 * GIB, UUID, "Lv-A"))
                .replyOk()
                .replyLinearCopy(IMAGE, 8 * GIB);

        DomainResult result = host.apply(ready, true, false).get(0);

        assertEquals(DomainResult.Result.DONE, result.result(), result.detail() + host.output);
        assertTrue(
                host.output.toString().contains("keep vg/win-virtio-stage: the journal of 'win' does not list it"),
                host.output.toString());
        assertTrue(
                host.commandLines().stream().noneMatch(line -> line.contains("lvremove")),
                host.commandLines().toString());
    }

    private static Step last(Plan plan) {
        java.util.List<Step> steps = plan.domains().get(0).steps();
        return steps.get(steps.size() - 1);
    }

    private ApplyHarness windowsGuest() {
        return ApplyHarness.withWindowsGuest(temp.resolve("state"));
    }
}
