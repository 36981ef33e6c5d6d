package io.virttune.apply;

import static io.virttune.apply.ApplyHarness.MIB;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.apply.guards.PlannedDefinitionCheck;
import io.virttune.libvirt.DomainRecord;
import io.virttune.libvirt.DomainState;
import io.virttune.plan.CopyLive;
import io.virttune.plan.DomainOutcome;
import io.virttune.plan.DomainPlan;
import io.virttune.plan.Plan;
import io.virttune.plan.PlanJson;
import io.virttune.plan.PlanPolicy;
import io.virttune.plan.Step;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What plan --live makes of the recorded lab guest, running: the disks it does not move live, and what apply trusts. */
class LivePlanTest {
    private static final PlanPolicy.Live SYNCHRONOUS = new PlanPolicy.Live(true, false);

    @TempDir
    Path dir;

    private ApplyHarness host(long virtualBytes, String diskEdit) {
        ApplyHarness host = new ApplyHarness(dir);
        new ScriptedBlockJobs(host.libvirt, LiveApplyTest.LV);
        host.image(ScriptedBlockJobs.IMAGE, virtualBytes, 32 * MIB);
        if (!diskEdit.isEmpty()) {
            host.libvirt.rewrite(
                    "g1",
                    host.libvirt.liveXmlOrNull("g1"),
                    host.libvirt.inactiveXml("g1").replace("<target dev='sda'", diskEdit + "<target dev='sda'"));
        }
        return host;
    }

    @Test
    void aShareableDiskIsLeftAloneLiveOrNot() {
        DomainPlan g1 = host(128 * MIB, "<shareable/>")
                .planLive(SYNCHRONOUS, "g1")
                .domains()
                .get(0);

        assertEquals("leave", g1.disks().get(0).action());
        assertTrue(
                g1.steps().stream().noneMatch(step -> step.kind().equals("copy-live")),
                g1.steps().toString());
    }

    @Test
    void aDiskWhoseSizeIsNoWholeNumberOfExtentsIsNotMovedLive() {
        DomainPlan g1 =
                host(128 * MIB + 512, "").planLive(SYNCHRONOUS, "g1").domains().get(0);

        assertEquals(DomainOutcome.STOPPED, g1.outcome());
        assertTrue(
                g1.reasons().get(0).contains("is not a multiple of the VG's 4 MiB extents"),
                g1.reasons().toString());
    }

    @Test
    void aShutOffGuestPlannedWithLiveGetsTheOfflineCopy() {
        ApplyHarness host = host(128 * MIB, "");
        host.libvirt.stop("g1");

        DomainPlan g1 = host.planLive(SYNCHRONOUS, "g1").domains().get(0);

        assertTrue(
                g1.steps().stream().anyMatch(step -> step.kind().equals("convert-image")),
                g1.steps().toString());
        assertTrue(
                g1.steps().stream().noneMatch(step -> step.kind().equals("copy-live")),
                g1.steps().toString());
    }

    @Test
    void aWindowsGuestMovesLiveAndKeepsItsBusStagedAsOffline() {
        ApplyHarness host = host(128 * MIB, "");
        host.libvirt.rewrite(
                "g1",
                host.libvirt.liveXmlOrNull("g1"),
                host.libvirt
                        .inactiveXml("g1")
                        .replace(
                                "  <memory ",
                                "  <metadata>\n    <libosinfo:libosinfo xmlns:libosinfo='http://libosinfo.org/xmlns/libvirt/domain/1.0'>\n"
                                        + "      <libosinfo:os id='http://microsoft.com/win/2k19'/>\n    </libosinfo:libosinfo>\n  </metadata>\n"
                                        + "  <memory "));

        DomainPlan g1 = host.planLive(SYNCHRONOUS, "g1").domains().get(0);

        assertEquals(DomainOutcome.STAGE, g1.outcome());
        assertTrue(
                g1.steps().stream().anyMatch(step -> step.kind().equals("copy-live")),
                g1.steps().toString());
        io.virttune.xml.DiskView data =
                io.virttune.xml.DomainXml.parse(g1.newXml(), "g1").disks().get(0);
        assertEquals(
                List.of("sda", "sata", LiveApplyTest.LV),
                List.of(
                        data.targetDev(),
                        data.targetBus().orElseThrow(),
                        data.sourcePath().orElseThrow()));
    }

    @Test
    void aPausedCompareIsRecordedInTheCopyStepSaidInThePlanAndTrusted() {
        ApplyHarness host = host(128 * MIB, "");
        Plan plan = PlanJson.read(PlanJson.write(host.planLive(new PlanPolicy.Live(false, true), "g1")), "plan.json");
        DomainPlan g1 = plan.domains().get(0);
        DomainRecord record = new DomainRecord("g1", g1.uuid(), DomainState.RUNNING, host.libvirt.inactiveXml("g1"));

        CopyLive copy = g1.steps().stream()
                .filter(CopyLive.class::isInstance)
                .map(CopyLive.class::cast)
                .findFirst()
                .orElseThrow();
        assertTrue(copy.verifyPaused());
        assertTrue(
                copy.describe().endsWith(", source and LV compared with the guest paused before the switch)"),
                copy.describe());
        assertTrue(
                g1.warnings().stream()
                        .anyMatch(w -> w.contains(
                                "the guest pauses before each switch while its source" + " and LV are compared")),
                g1.warnings().toString());
        assertEquals(
                List.of(),
                new PlannedDefinitionCheck(plan, g1, path -> Optional.empty(), uuid -> Optional.empty())
                        .problems(record));
    }

    @Test
    void applyTrustsALivePlanItsPolicyMakesAgainAndNotOneCopyingOntoAnotherLv() {
        ApplyHarness host = host(128 * MIB, "");
        Plan plan = host.planLive(SYNCHRONOUS, "g1");
        DomainPlan g1 = plan.domains().get(0);
        DomainRecord record = new DomainRecord("g1", g1.uuid(), DomainState.RUNNING, host.libvirt.inactiveXml("g1"));

        assertEquals(
                List.of(),
                new PlannedDefinitionCheck(plan, g1, path -> Optional.empty(), uuid -> Optional.empty())
                        .problems(record));
        List<Step> elsewhere = g1.steps().stream()
                .map(step -> step instanceof CopyLive copy
                        ? new CopyLive(copy.disk(), copy.source(), "/dev/vg/someone-elses", 0, true, false)
                        : step)
                .toList();
        DomainPlan tampered = g1.withSteps(elsewhere);
        List<String> problems = new PlannedDefinitionCheck(
                        plan, tampered, path -> Optional.empty(), uuid -> Optional.empty())
                .problems(record);
        assertEquals(1, problems.size(), problems.toString());
        assertTrue(
                problems.get(0)
                        .contains("(copy-live) is not what its policy plans: device '/dev/vg/someone-elses' vs"
                                + " '/dev/"),
                problems.get(0));
    }
}
