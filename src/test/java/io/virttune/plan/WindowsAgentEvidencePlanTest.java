package io.virttune.plan;

import static io.virttune.plan.PlanFacts.domainXml;
import static io.virttune.plan.PlanFacts.qcow2;
import static io.virttune.plan.PlanFacts.qcow2Disk;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.agent.GuestAgentLink;
import io.virttune.inspect.RecordedGuestAgent;
import io.virttune.libvirt.DomainState;
import io.virttune.report.PlanTextReport;
import io.virttune.xml.DiskView;
import io.virttune.xml.DomainXml;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A staged Windows guest, planned again while it runs: its buses switch on the guest agent's
 * evidence that viostor is bound (recorded guest-get-devices and guest-exec replies), not on a guess; the
 * evidence and its source are in the plan's text and JSON, and --virtio-ready still overrides.
 */
class WindowsAgentEvidencePlanTest {
    private static final Instant NOW = Instant.parse("2026-12-01T00:00:00Z");
    private static final String IMAGE = "/var/lib/libvirt/images/win.qcow2";
    private static final String AGENT_CHANNEL = "    <channel type='unix'>\n"
            + "      <target type='virtio' name='org.qemu.guest_agent.0'/>\n    </channel>\n";
    private static final PlanPolicy LINEAR = PlanPolicy.defaults(PlanTarget.linear("vg_fast"));

    /** The definition the first apply left: data on its LV, the boot disk on SATA, the temporary disk added. */
    private static String staged(String channel) {
        Plan first = new MigrationPlanner(LINEAR)
                .plan(
                        new PlanFacts()
                                .domain(
                                        domainXml("win", PlanFacts.WINDOWS, qcow2Disk(IMAGE, "sda", "sata") + channel),
                                        Map.of("sda", qcow2(IMAGE, 8, 4)))
                                .build(),
                        NOW);
        assertEquals(DomainOutcome.STAGE, first.domains().get(0).outcome());
        return first.domains().get(0).newXml();
    }

    /** The staged guest running, its temporary LV as apply created it. */
    private static PlanFacts running(String xml) {
        return new PlanFacts()
                .volume("vg_fast", "win-virtio-stage", "virt-tune", "virt-tune-" + PlanFacts.WINDOWS_UUID)
                .domain(xml, DomainState.RUNNING, Map.of());
    }

    /** The staged guest planned again, with its agent asked. */
    private static DomainPlan replanned(String xml, GuestAgentLink agent, PlanPolicy policy) {
        return new MigrationPlanner(policy)
                .plan(running(xml).agents(agent).build(), NOW)
                .domains()
                .get(0);
    }

    private static List<DiskView> disks(DomainPlan plan) {
        return DomainXml.parse(plan.newXml(), "planned " + plan.name()).disks();
    }

    /** The staged guest with its agent channel, planned running with its agent answering as {@code agent}. */
    private static Plan plannedRunning(RecordedGuestAgent agent) {
        return new MigrationPlanner(LINEAR)
                .plan(running(staged(AGENT_CHANNEL)).agents(agent).build(), NOW);
    }

    private static String text(DomainPlan domain) {
        Plan plan =
                new MigrationPlanner(LINEAR).plan(new PlanFacts().build(), NOW).withDomains(List.of(domain));
        StringWriter out = new StringWriter();
        new PlanTextReport(new PrintWriter(out, true), false, 200).print(plan);
        return out.toString();
    }

    @Test
    void viostorBoundSwitchesTheBusesWithoutVirtioReady() {
        DomainPlan switched = replanned(staged(AGENT_CHANNEL), new RecordedGuestAgent("viostor-bound.json"), LINEAR);

        assertEquals(DomainOutcome.RETUNE, switched.outcome());
        List<DiskView> after = disks(switched);
        assertEquals(1, after.size(), "the temporary virtio disk leaves the definition");
        assertEquals("virtio", after.get(0).targetBus().orElseThrow());
        assertTrue(
                switched.steps().contains(new RemoveVolume("vg_fast", "win-virtio-stage")),
                switched.steps().toString());
        String evidence = "viostor 100.94.104.24000 bound (guest agent: Red Hat VirtIO SCSI controller, PCI 1af4:1001)";
        assertEquals(evidence, switched.virtioDriver());
        assertTrue(PlanJson.tree(switched).path("virtioDriver").asText().equals(evidence));
        assertTrue(text(switched).contains("\n  virtio driver: " + evidence + "\n"), text(switched));
        assertTrue(
                switched.warnings()
                        .contains("Windows guest: its guest agent reports " + evidence
                                + ", so its disks switch to virtio"),
                switched.warnings().toString());
    }

    @Test
    void anOlderAgentsDriverQueryShowingViostorSwitchesTheBusesToo() {
        DomainPlan switched = replanned(
                staged(AGENT_CHANNEL),
                new RecordedGuestAgent("command-not-found.txt", "guest-exec-started.json", "viostor-query-bound.json"),
                LINEAR);

        assertEquals(DomainOutcome.RETUNE, switched.outcome());
        assertEquals("virtio", disks(switched).get(0).targetBus().orElseThrow());
        assertTrue(
                switched.steps().contains(new RemoveVolume("vg_fast", "win-virtio-stage")),
                switched.steps().toString());
        assertEquals(
                "viostor 100.94.104.24000 bound (guest agent, powershell.exe through guest-exec: service viostor,"
                        + " PCI 1af4:1001)",
                switched.virtioDriver());
    }

    @Test
    void applyReplansTheSwitchAsPlannedWithoutAskingTheAgentAgain() {
        Plan plan = plannedRunning(new RecordedGuestAgent("viostor-bound.json"));
        DomainPlan switched = plan.domains().get(0);

        DomainPlan again = MigrationPlanner.replan(
                plan, switched, running(staged(AGENT_CHANNEL)).build().domains().get(0), false);
        assertEquals(switched.steps(), again.steps(), "apply's check decides the switch from the recorded report");
        assertEquals(switched.newXml(), again.newXml());
        assertEquals(switched.virtioDriver(), again.virtioDriver());
    }

    @Test
    void applyReplansAGuestWithoutEvidenceAsStagedWhateverOutcomeThePlanClaims() {
        String xml = staged(AGENT_CHANNEL);
        Plan plan = plannedRunning(new RecordedGuestAgent("command-not-found.txt", "guest-exec-not-found.txt"));
        DomainPlan waiting = plan.domains().get(0);
        DomainPlan claimed = new DomainPlan(
                waiting.name(),
                waiting.uuid(),
                waiting.state(),
                DomainOutcome.RETUNE,
                waiting.reasons(),
                waiting.fingerprint(),
                waiting.disks(),
                waiting.steps(),
                waiting.warnings(),
                waiting.originalXml(),
                waiting.newXml(),
                waiting.diff(),
                waiting.virtioDriver());

        DomainPlan again = MigrationPlanner.replan(
                plan, claimed, running(xml).build().domains().get(0), false);

        assertEquals(DomainOutcome.STAGE, again.outcome());
        assertEquals(
                "sata",
                DomainXml.parse(xml, "staged").disks().get(0).targetBus().orElseThrow());
        assertTrue(again.steps().isEmpty(), again.steps().toString());
    }

    @Test
    void noDriverOrAnotherDriverOrAnOlderAgentKeepsTheGuestStagedWithTheReason() {
        // An agent without guest-get-devices is asked through guest-exec: it lacks that too, or runs the query.
        Map<List<String>, String> reasons = Map.of(
                List.of("no-virtio-blk-driver.json"),
                "no evidence: the guest agent lists no virtio-blk device",
                List.of("other-driver.json"),
                "no evidence: the guest agent lists the virtio-blk device PCI 1af4:1042 with"
                        + " the driver 'Example Storage Controller', not viostor",
                List.of("command-not-found.txt", "guest-exec-not-found.txt"),
                "no evidence: the guest agent lacks guest-get-devices",
                List.of("command-not-found.txt", "guest-exec-started.json", "viostor-query-no-driver.json"),
                "no evidence: the driver query finds the virtio-blk device PCI 1af4:1001 with no driver bound");
        String xml = staged(AGENT_CHANNEL);
        reasons.forEach((replies, reason) -> {
            String reply = replies.toString();
            DomainPlan plan = replanned(xml, new RecordedGuestAgent(replies.toArray(String[]::new)), LINEAR);

            assertEquals(DomainOutcome.STAGE, plan.outcome(), reply);
            assertEquals(List.of(), plan.steps(), reply + ": the definition stays as the first apply left it");
            assertTrue(plan.virtioDriver().startsWith(reason), reply + ": " + plan.virtioDriver());
            assertTrue(text(plan).contains("  virtio driver: " + reason), reply);
        });
    }

    @Test
    void aGuestWithoutAnAgentChannelStaysStagedAsBefore() {
        DomainPlan plan = replanned(staged(""), RecordedGuestAgent.never(), LINEAR);

        assertEquals(DomainOutcome.STAGE, plan.outcome());
        assertEquals(
                "no evidence: no guest agent channel (org.qemu.guest_agent.0) in its definition", plan.virtioDriver());
    }

    @Test
    void virtioReadyStillOverridesAndThePlanSaysTheEvidenceWasMissing() {
        PlanPolicy ready = new PlanPolicy(PlanTarget.linear("vg_fast"), "none", 0.1, Set.of("win"), false, true);
        DomainPlan plan = replanned(
                staged(AGENT_CHANNEL),
                new RecordedGuestAgent("command-not-found.txt", "guest-exec-not-found.txt"),
                ready);

        assertEquals(DomainOutcome.RETUNE, plan.outcome());
        assertEquals("virtio", disks(plan).get(0).targetBus().orElseThrow());
        assertTrue(plan.virtioDriver().endsWith("; switched on the operator's --virtio-ready"), plan.virtioDriver());
    }

    @Test
    void aGuestThatNeverWaitedHasNoDriverLine() {
        String linux = domainXml("web", "", qcow2Disk(IMAGE, "sda", "sata") + AGENT_CHANNEL);
        DomainPlan plan = new MigrationPlanner(LINEAR)
                .plan(
                        new PlanFacts()
                                .agents(RecordedGuestAgent.never())
                                .domain(linux, DomainState.SHUTOFF, Map.of("sda", qcow2(IMAGE, 8, 4)))
                                .build(),
                        NOW)
                .domains()
                .get(0);
        assertNull(plan.virtioDriver());
        assertTrue(PlanJson.tree(plan).path("virtioDriver").isMissingNode(), "absent from the JSON, not null");
    }
}
