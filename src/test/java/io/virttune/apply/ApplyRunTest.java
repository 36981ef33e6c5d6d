package io.virttune.apply;

import static io.virttune.apply.ApplyHarness.GIB;
import static io.virttune.apply.ApplyHarness.domainXml;
import static io.virttune.apply.ApplyHarness.ours;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.virttune.apply.journal.DomainJournal;
import io.virttune.apply.journal.DomainJournal.Status;
import io.virttune.apply.journal.JournalEntry;
import io.virttune.apply.ports.DomainResult;
import io.virttune.plan.ConvertImage;
import io.virttune.plan.Plan;
import io.virttune.text.ProgressStyle;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** apply through the real classes, hermetically: what it runs, journals and refuses. */
class ApplyRunTest extends Site1Test {

    @Test
    void everyLvItCreatesCarriesVirtTunesTagsAndItsUuidIsJournaled() {
        Plan plan = host.plan("site1");
        host.replySite1Migration();

        assertEquals(
                DomainResult.Result.DONE, host.apply(plan, true, false).get(0).result(), host.output.toString());

        assertTrue(
                host.commandLines()
                        .contains("lvm lvcreate --yes --addtag virt-tune --addtag virt-tune-" + UUID
                                + " --type linear -L 8589934592b -n site1-vda vg"),
                host.commandLines().toString());
        DomainJournal journal = host.state.journal(UUID).orElseThrow();
        assertEquals(Status.COMPLETED, journal.status());
        assertEquals(Map.of("vg/site1-vda", "Lv-A"), journal.volumeUuids());
    }

    @Test
    void eachCopyEndsWithItsPaceForTheNextPlansPredictionsAndADryRunClaimsNone() {
        Plan plan = host.plan("site1");
        host.replySite1Migration();

        host.apply(plan, true, false);

        assertTrue(
                host.output
                        .toString()
                        .contains(
                                "  copied and verified 8 GiB in under 1s (2 GiB of data, the LV's zeros written too; a pace"
                                        + " for plan --copy-rate)\n"),
                host.output.toString());
        assertTrue(
                host.state.journal(UUID).orElseThrow().entries().stream()
                        .anyMatch(entry -> entry.kind().equals("convert-image")
                                && entry.state() == JournalEntry.StepState.DONE
                                && entry.detail()
                                        .startsWith("copied and verified 2147483648 bytes of data (8589934592 bytes"
                                                + " written) in ")),
                "the journal keeps the pace of the whole linear LV written for the next plan's --window");
        ApplyHarness dry = ApplyHarness.withSite1(temp.resolve("dry"));
        dry.apply(dry.plan("site1"), false, false);
        assertFalse(dry.output.toString().contains("copied and verified"), dry.output.toString());
    }

    @Test
    void withEventsEachCopyEndsWithOneWholeLineForAScriptBesideTheDomainsProse() throws Exception {
        Plan plan = host.plan("site1");
        host.replySite1Migration();
        host.progress = ProgressStyle.EVENTS;

        host.apply(plan, true, false);

        String output = host.output.toString();
        List<String> events =
                output.lines().filter(line -> line.startsWith("{")).toList();
        assertEquals(3, events.size(), output);
        JsonNode event = new ObjectMapper().readTree(events.get(0));
        assertEquals("progress", event.get("type").asText());
        assertEquals("site1", event.get("domain").asText());
        assertEquals("/dev/vg/site1-vda", event.get("target").asText());
        assertEquals("copy", event.get("phase").asText());
        assertEquals("done", event.get("state").asText());
        assertTrue(event.get("bytes_total").asLong() > 0, events.get(0));
        assertEquals(event.get("bytes_total").asLong(), event.get("bytes_done").asLong());
        assertEquals(
                ((ConvertImage) plan.domains().get(0).steps().stream()
                                .filter(step -> step instanceof ConvertImage)
                                .findFirst()
                                .orElseThrow())
                        .virtualSizeBytes(),
                event.get("bytes_total").asLong());
        // Then the copy's verify, which reads the whole LV: its first event and its last.
        JsonNode verifying = new ObjectMapper().readTree(events.get(1));
        JsonNode verified = new ObjectMapper().readTree(events.get(2));
        assertEquals(
                List.of("verify", "verify"),
                List.of(verifying.get("phase").asText(), verified.get("phase").asText()));
        assertEquals(
                List.of("running", "done"),
                List.of(verifying.get("state").asText(), verified.get("state").asText()));
        assertEquals(8 * ApplyHarness.GIB, verified.get("bytes_total").asLong(), events.get(2));
        assertEquals(8 * ApplyHarness.GIB, verified.get("bytes_done").asLong(), events.get(2));
        assertTrue(output.contains("[site1]   copied and verified"), "the prose stays text: " + output);
        assertFalse(output.contains("100% after"), "no text meter beside the events: " + output);
    }

    @Test
    void withEventsACopyThatFailsEndsWithALastEventThatSaysSo() throws Exception {
        Plan plan = host.plan("site1");
        host.replySite1UntilTheCopy().replyFailedCopy();
        host.progress = ProgressStyle.EVENTS;

        assertEquals(
                DomainResult.Result.FAILED, host.apply(plan, true, false).get(0).result());

        String output = host.output.toString();
        List<String> events =
                output.lines().filter(line -> line.startsWith("{")).toList();
        assertEquals(1, events.size(), output);
        JsonNode event = new ObjectMapper().readTree(events.get(0));
        assertEquals("copy", event.get("phase").asText());
        assertEquals("failed", event.get("state").asText());
        assertEquals(0, event.get("bytes_done").asLong());
        assertTrue(event.get("eta_seconds").isNull(), events.get(0));
    }

    @Test
    void theJournalNamesEachStepByTheKindPlanJsonGivesIt() {
        Plan plan = host.plan("site1");
        host.replySite1Migration();
        assertEquals(
                DomainResult.Result.DONE, host.apply(plan, true, false).get(0).result(), host.output.toString());

        List<String> journaled = host.state.journal(UUID).orElseThrow().entries().stream()
                .filter(entry -> entry.step() >= 0)
                .map(JournalEntry::kind)
                .distinct()
                .toList();
        List<String> inPlanJson = new java.util.ArrayList<>();
        io.virttune.plan.PlanJson.tree(plan)
                .path("domains")
                .get(0)
                .path("steps")
                .forEach(step -> inPlanJson.add(step.path("kind").asText()));
        assertEquals(
                List.of(
                        "create-volume",
                        "set-read-ahead",
                        "convert-image",
                        "verify-copy",
                        "backup-definition",
                        "define-domain"),
                journaled);
        assertEquals(journaled, inPlanJson);
    }

    @Test
    void aJournalWrittenBeforeStepsHadOneKindStillSaysTheDefinitionWasTouched() {
        DomainJournal old = DomainJournal.start("site1", UUID, "t", "f", "d", "/b.xml", List.of(), List.of())
                .with(new JournalEntry(4, "DefineDomain", JournalEntry.StepState.STARTED, "t", ""));

        assertTrue(old.definitionTouched());
    }

    @Test
    void resumeAfterACrashRightAfterLvcreateAdoptsTheTaggedLvAndJournalsItsUuid() {
        Plan plan = host.plan("site1");
        host.state.save(host.interruptedRightAfterLvcreate(plan));
        host.lv(ours("site1-vda", 8 * GIB, UUID, "Lv-A"));
        host.replyOk().replyLinearCopy(IMAGE, 8 * GIB);

        DomainResult result = host.apply(plan, true, true).get(0);

        assertEquals(DomainResult.Result.DONE, result.result(), host.output.toString());
        assertTrue(
                host.commandLines().stream().noneMatch(line -> line.contains("lvcreate")), "kept, not created again");
        assertEquals(
                Map.of("vg/site1-vda", "Lv-A"),
                host.state.journal(UUID).orElseThrow().volumeUuids());
    }

    @Test
    void resumeRefusesAnLvOfTheJournaledNameThatIsNotTheOneItCreated() {
        Plan plan = host.plan("site1");
        // Interrupted right after lvcreate; then the LV was replaced by someone else's of that name.
        host.state.save(host.interruptedRightAfterLvcreate(plan).withVolumeUuid("vg/site1-vda", "Lv-A"));
        host.lv(ApplyHarness.someoneElses("site1-vda", 8 * GIB));

        DomainResult result = host.apply(plan, true, true).get(0);

        assertEquals(DomainResult.Result.REFUSED, result.result(), host.output.toString());
        assertTrue(result.detail().contains("LV vg/site1-vda lacks virt-tune's tag"), result.detail());
        assertTrue(host.commandLines().stream().noneMatch(line -> line.contains("qemu-img convert")));
    }

    /** The journal as a crash right after virDomainDefineXML leaves it: define started, not done. */
    private void crashRightAfterDefine() {
        Plan plan = host.plan("site1");
        host.replySite1Migration();
        host.apply(plan, true, false);
        DomainJournal done = host.state.journal(UUID).orElseThrow();
        List<JournalEntry> entries = new java.util.ArrayList<>(done.entries());
        entries.remove(entries.size() - 1);
        host.state.save(new DomainJournal(
                done.domain(),
                done.uuid(),
                done.planCreatedAt(),
                done.planFingerprint(),
                done.planDigest(),
                Status.IN_PROGRESS,
                done.backupFile(),
                done.sourceImages(),
                done.createdVolumes(),
                done.volumeUuids(),
                done.definedVolumes(),
                done.earlierJournal(),
                entries,
                done.disks()));
        host.runner.commands().clear();
        this.plan = plan;
    }

    private Plan plan;

    @Test
    void resumeAfterACrashRightAfterDefineFinishesOnTheLvsTheGuestHasWrittenTo() {
        crashRightAfterDefine();
        // Autostart booted the guest on its LVs; it writes there, so they no longer match the qcow2.
        host.libvirt.start("site1", host.libvirt.inactiveXml("site1"));

        DomainResult result = host.apply(plan, true, true).get(0);

        assertEquals(DomainResult.Result.DONE, result.result(), result.detail() + host.output);
        assertTrue(result.detail().contains("the new definition was in place"), result.detail());
        assertEquals(List.of(), host.commandLines(), "nothing compared, nothing copied");
        assertEquals(Status.COMPLETED, host.state.journal(UUID).orElseThrow().status());
        assertTrue(!host.output.toString().contains("rollback"), host.output.toString());
    }

    @Test
    void resumeAfterACrashRightAfterDefineDoesNotCompareTheCopiesOfAStoppedGuestAgain() {
        crashRightAfterDefine();

        DomainResult result = host.apply(plan, true, true).get(0);

        assertEquals(DomainResult.Result.DONE, result.result(), result.detail() + host.output);
        assertTrue(host.commandLines().stream().noneMatch(line -> line.startsWith("qemu-img compare")));
    }

    @Test
    void resumeRefusesTheJournalOfAnotherPlan() {
        Plan first = host.plan("site1");
        host.replySite1UntilTheCopy().replyFailedCopy();
        assertEquals(
                DomainResult.Result.FAILED,
                host.apply(first, true, false).get(0).result(),
                host.output.toString());
        // Planned again: site1-vda exists now, so the new plan names its LV differently; step 2 is another step.
        Plan second = host.plan("site1");
        host.runner.commands().clear();

        DomainResult result = host.apply(second, true, true).get(0);

        assertEquals(DomainResult.Result.REFUSED, result.result(), result.detail());
        assertTrue(result.detail().contains("was made from another plan"), result.detail());
        assertTrue(result.detail().contains("virt-tune rollback site1"), result.detail());
        assertEquals(List.of(), host.commandLines());
        assertEquals(
                Status.FAILED,
                host.state.journal(UUID).orElseThrow().status(),
                "the other plan's journal is left as it was");
    }

    @Test
    void aRetuneOfATransientDomainIsRefusedItsDefinitionIsNeverMadePersistent() {
        String onLv = domainXml(
                "site2",
                "8f3b2c1e-0000-4000-8000-000000000002",
                "    <disk type='block' device='disk'>\n      <driver name='qemu' type='raw'/>\n"
                        + "      <source dev='/dev/vg/site2-vda'/>\n      <target dev='vda' bus='virtio'/>\n    </disk>\n");
        host.lv(ApplyHarness.someoneElses("site2-vda", 8 * GIB));
        host.libvirt.addTransient(onLv);
        Plan plan = host.plan("site2");
        assertTrue(
                plan.domains().get(0).steps().stream().anyMatch(step -> step instanceof io.virttune.plan.DefineDomain),
                "a retune-only plan: " + plan.domains().get(0).steps());

        DomainResult result = host.apply(plan, true, false).get(0);

        assertEquals(DomainResult.Result.REFUSED, result.result(), host.output.toString());
        assertTrue(result.detail().contains("'site2' is a transient domain"), result.detail());
        assertEquals(List.of(), host.libvirt.defines());
    }
}
