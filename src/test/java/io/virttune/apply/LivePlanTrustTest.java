package io.virttune.apply;

import static io.virttune.apply.ApplyHarness.MIB;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.ExitCode;
import io.virttune.VirtTuneException;
import io.virttune.apply.guards.PlannedDefinitionCheck;
import io.virttune.apply.live.PivotedDisks;
import io.virttune.apply.ports.DomainResult;
import io.virttune.libvirt.DomainRecord;
import io.virttune.libvirt.DomainState;
import io.virttune.plan.CopyLive;
import io.virttune.plan.DefineDomain;
import io.virttune.plan.DomainPlan;
import io.virttune.plan.Fingerprints;
import io.virttune.plan.Plan;
import io.virttune.plan.PlanPolicy;
import io.virttune.plan.Step;
import io.virttune.xml.DomainXml;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A live plan edited after planning, before or after its pivots: the trust check and preflight hold
 * it against the definition the domain has (or the one its own pivots left), never against the
 * plan's own record of it.
 */
class LivePlanTrustTest {
    private static final String UUID = "b6affa52-27af-4397-ac3a-6c4dbff19056";

    @TempDir
    Path dir;

    private ApplyHarness host;
    private ScriptedBlockJobs jobs;
    private Plan plan;

    @BeforeEach
    void runningGuestPlannedLive() {
        host = new ApplyHarness(dir);
        jobs = new ScriptedBlockJobs(host.libvirt, LiveApplyTest.LV);
        host.blockJobs = jobs.source();
        host.image(ScriptedBlockJobs.IMAGE, 128 * MIB, 32 * MIB);
        plan = host.planLive(new PlanPolicy.Live(true, false), "g1");
    }

    @Test
    void theTrustCheckRefusesAnOriginalDefinitionRewrittenWithAFingerprintOfItsOwnOnItsDefineAndItsCache() {
        VirtTuneException e = assertThrows(VirtTuneException.class, () -> host.trust(rewrittenOriginal(), "g1"));

        assertEquals(ExitCode.REFUSED, e.exitCode());
        assertTrue(
                e.getMessage()
                        .contains("domain 'g1': step define-domain expects the definition "
                                + plan.domains().get(0).fingerprint() + ", not the one the plan was made from"),
                e.getMessage());
        assertTrue(
                e.getMessage().contains("domain 'g1': disk vda would be defined with cache 'unsafe'"), e.getMessage());
        assertFalse(
                e.getMessage().contains("changed since it was planned"),
                "a stale domain is preflight's to refuse: " + e.getMessage());
    }

    @Test
    void withItsDefineRewrittenTooTheCacheItsNewXmlSetsStillRefusesTheWholePlan() {
        VirtTuneException e = assertThrows(
                VirtTuneException.class, () -> host.trust(rewrittenOriginal(d -> unsafe(d.newXml()), true), "g1"));

        assertEquals(ExitCode.REFUSED, e.exitCode());
        assertTrue(
                e.getMessage().contains("domain 'g1': disk vda would be defined with cache 'unsafe'"), e.getMessage());
        assertFalse(e.getMessage().contains("define-domain"), e.getMessage());
    }

    @Test
    void anOriginalDefinitionRewrittenWithAFingerprintOfItsOwnIsRefusedByPreflightForThatDomainAlone() {
        DomainPlan g1 = rewrittenOriginal(d -> d.newXml().replaceFirst("524288</memory>", "67108864</memory>"), true)
                .domains()
                .get(0);
        Plan edited = withDomain(plan, g1);
        assertNotEquals(plan.domains().get(0).newXml(), g1.newXml());

        host.trust(edited, "g1");
        DomainResult result = host.apply(edited, true, false).get(0);

        assertEquals(DomainResult.Result.REFUSED, result.result(), result.detail());
        assertTrue(
                result.detail().startsWith("the definition of 'g1' changed since it was planned: its fingerprint is"),
                result.detail());
        assertTrue(
                result.detail()
                        .contains("the plan's originalXml means the same in other text: its fingerprint is not"
                                + " of this definition; plan again"),
                result.detail());
        assertFalse(host.libvirt.inactiveXml("g1").contains("67108864"), host.libvirt.inactiveXml("g1"));
        assertTrue(
                host.commandLines().stream().noneMatch(line -> line.startsWith("lvm lvcreate")),
                host.commandLines().toString());
    }

    @Test
    void aCopyOntoTheDisksOwnImageIsNoPivotThatExplainsAnotherDefinition() {
        DomainPlan g1 = rewrittenOriginal(DomainPlan::newXml, true).domains().get(0);
        List<Step> steps = g1.steps().stream()
                .map(step -> step instanceof CopyLive copy
                        ? (Step) new CopyLive(
                                copy.disk(),
                                copy.source(),
                                copy.source(),
                                copy.bandwidthBytesPerSecond(),
                                copy.synchronousWrites(),
                                copy.verifyPaused())
                        : step)
                .toList();
        DomainPlan edited = g1.withSteps(steps);

        assertFalse(PivotedDisks.asPlanned(host.libvirt.inactiveXml("g1"), edited));
        assertFalse(PivotedDisks.asPlanned(host.libvirt.inactiveXml("g1"), g1));
    }

    @Test
    void applyDefinesNothingForAnOriginalDefinitionRewrittenWithAFingerprintOfItsOwn() {
        DomainResult result = host.apply(rewrittenOriginal(), true, false).get(0);

        assertEquals(DomainResult.Result.REFUSED, result.result(), result.detail());
        assertTrue(result.detail().startsWith("the definition of 'g1' changed since it was planned"), result.detail());
        assertFalse(host.libvirt.inactiveXml("g1").contains("unsafe"), host.libvirt.inactiveXml("g1"));
        assertTrue(
                host.commandLines().stream().noneMatch(line -> line.startsWith("lvm lvcreate")),
                host.commandLines().toString());
    }

    @Test
    void afterItsPivotAnUneditedPlanIsTrustedOnTheDefinitionThePivotRewrote() {
        DomainRecord pivoted = pivoted();

        assertEquals(List.of(), check(plan.domains().get(0), pivoted));
    }

    @Test
    void afterItsPivotAnEditedNewDefinitionIsStillRefused() {
        DomainPlan g1 = plan.domains().get(0);
        DomainPlan edited = g1.withNewXml(unsafe(g1.newXml()));

        List<String> problems = check(edited, pivoted());

        assertTrue(
                problems.stream()
                        .anyMatch(p -> p.startsWith("domain 'g1': newXml differs")
                                && p.contains("/domain/devices/disk/driver/@cache: 'none' vs 'unsafe'")),
                problems.toString());
    }

    @Test
    void aDefineStepExpectingAnotherDefinitionThanThePlannedOneIsRefused() {
        DomainPlan g1 = plan.domains().get(0);
        String other = Fingerprints.of("another definition");
        List<Step> steps = g1.steps().stream()
                .map(step -> step instanceof DefineDomain ? (Step) new DefineDomain("g1", other) : step)
                .toList();
        DomainPlan edited = g1.withSteps(steps);

        List<String> problems = check(edited, pivoted());

        assertTrue(
                problems.contains("domain 'g1': step define-domain expects the definition " + other
                        + ", not the one the plan was made from (" + g1.fingerprint() + ")"),
                problems.toString());
    }

    @Test
    void aRunStoppedAfterItsPivotIsTrustedOnResumeAndAnEditMadeSinceIsNot() {
        host.trust(plan, "g1");
        host.replyCreated(ApplyHarness.ours("g1-sda", 128 * MIB, UUID, "Lv-A")).replyOk();
        host.libvirt.duringNextDefine(() -> {
            throw VirtTuneException.failed("libvirt: cannot define: connection reset");
        });
        DomainResult failed = host.apply(plan, true, false).get(0);
        assertEquals(DomainResult.Result.FAILED, failed.result(), failed.detail() + host.output);
        assertNotEquals(
                plan.domains().get(0).fingerprint(),
                Fingerprints.of(
                        DomainXml.parse(host.libvirt.inactiveXml("g1"), "g1").toXml()),
                "the pivot rewrote the definition");

        DomainPlan g1 = plan.domains().get(0);
        Plan edited = withDomain(plan, g1.withNewXml(unsafe(g1.newXml())));
        VirtTuneException e = assertThrows(VirtTuneException.class, () -> host.trust(edited, "g1"));
        assertTrue(e.getMessage().contains("/domain/devices/disk/driver/@cache: 'none' vs 'unsafe'"), e.getMessage());

        host.trust(plan, "g1");
        DomainResult resumed = host.apply(plan, true, true).get(0);
        assertEquals(DomainResult.Result.DONE, resumed.result(), resumed.detail() + host.output);
    }

    /** The persistent definition right after the pivot of a real apply of the plan, before its define. */
    private DomainRecord pivoted() {
        String[] afterPivot = new String[1];
        jobs.afterPivot = () -> afterPivot[0] = host.libvirt.inactiveXml("g1");
        host.replyCreated(ApplyHarness.ours("g1-sda", 128 * MIB, UUID, "Lv-A")).replyOk();
        DomainResult result = host.apply(plan, true, false).get(0);
        assertEquals(DomainResult.Result.DONE, result.result(), result.detail() + host.output);
        assertNotEquals(
                plan.domains().get(0).fingerprint(),
                Fingerprints.of(DomainXml.parse(afterPivot[0], "g1").toXml()),
                "the pivot rewrote the definition");
        return new DomainRecord("g1", UUID, DomainState.RUNNING, afterPivot[0]);
    }

    private List<String> check(DomainPlan planned, DomainRecord record) {
        return new PlannedDefinitionCheck(plan, planned, path -> Optional.empty(), uuid -> Optional.empty())
                .problems(record);
    }

    /**
     * The plan with the domain's originalXml re-indented, its fingerprint that text's, and cache
     * 'unsafe' in its new definition; its define step still expects the planned definition.
     */
    private Plan rewrittenOriginal() {
        return rewrittenOriginal(g1 -> unsafe(g1.newXml()), false);
    }

    /**
     * As above, with the new definition {@code newXml} makes of the planned domain, and with {@code
     * define} the define step's expected fingerprint rewritten too.
     */
    private Plan rewrittenOriginal(Function<DomainPlan, String> newXml, boolean define) {
        DomainPlan g1 = plan.domains().get(0);
        String original = g1.originalXml().replaceFirst("\n  <name>", "\n    <name>");
        assertNotEquals(g1.originalXml(), original);
        String fingerprint = Fingerprints.of(DomainXml.parse(original, "g1").toXml());
        List<Step> steps = g1.steps().stream()
                .map(step -> define && step instanceof DefineDomain ? (Step) new DefineDomain("g1", fingerprint) : step)
                .toList();
        return withDomain(
                plan,
                new DomainPlan(
                        g1.name(),
                        g1.uuid(),
                        g1.state(),
                        g1.outcome(),
                        g1.reasons(),
                        fingerprint,
                        g1.disks(),
                        steps,
                        g1.warnings(),
                        original,
                        newXml.apply(g1),
                        g1.diff(),
                        null));
    }

    private static String unsafe(String xml) {
        String edited = xml.replace("cache=\"none\"", "cache=\"unsafe\"").replace("cache='none'", "cache='unsafe'");
        assertNotEquals(xml, edited);
        return edited;
    }

    static Plan withDomain(Plan p, DomainPlan domain) {
        return p.withDomains(List.of(domain));
    }
}
