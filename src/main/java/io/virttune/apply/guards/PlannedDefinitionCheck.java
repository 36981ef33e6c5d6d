package io.virttune.apply.guards;

import io.virttune.VirtTuneException;
import io.virttune.apply.journal.DomainJournal;
import io.virttune.apply.journal.PlanDigest;
import io.virttune.apply.live.PivotedDisks;
import io.virttune.inspect.DiskFacts;
import io.virttune.inspect.DomainFacts;
import io.virttune.libvirt.DomainRecord;
import io.virttune.lvm.LogicalVolume;
import io.virttune.plan.DefineDomain;
import io.virttune.plan.DomainOutcome;
import io.virttune.plan.DomainPlan;
import io.virttune.plan.Fingerprints;
import io.virttune.plan.MigrationPlanner;
import io.virttune.plan.Plan;
import io.virttune.plan.Step;
import io.virttune.recipe.DiskClassifier;
import io.virttune.xml.DiskView;
import io.virttune.xml.DomainXml;
import io.virttune.xml.XmlEquivalence;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.jdom2.Document;
import org.jdom2.Element;
import org.jdom2.filter.Filters;

/**
 * One domain of a plan file against its current definition, planned again under the plan's own
 * policy.
 */
public final class PlannedDefinitionCheck {
    private final Plan plan;
    private final DomainPlan planned;
    private final Function<String, Optional<LogicalVolume>> volumes;
    private final Function<String, Optional<DomainJournal>> journals;

    /**
     * @param volumes the host's LV behind a block device path (its tags tell virt-tune's own)
     * @param journals the journal of the domain with a UUID, from apply's state directory
     */
    public PlannedDefinitionCheck(
            Plan plan,
            DomainPlan planned,
            Function<String, Optional<LogicalVolume>> volumes,
            Function<String, Optional<DomainJournal>> journals) {
        this.plan = plan;
        this.planned = planned;
        this.volumes = volumes;
        this.journals = journals;
    }

    /**
     * What differs, each naming the domain, the place and both values; empty when trusted. A domain
     * whose definition changed since planning is not the plan file's doing: nothing here refuses it
     * (only what shows the file edited, whatever the definition), and preflight refuses that domain
     * alone, saying what changed.
     */
    public List<String> problems(DomainRecord record) {
        if (planned.steps().isEmpty()) {
            // Nothing runs for it (unchanged, or stopped at planning: space, say, that apply cannot see).
            return List.of();
        }
        List<String> problems = new ArrayList<>();
        if (!compareOriginalFingerprint(problems)) {
            return problems;
        }
        compareDefineFingerprints(problems);
        DomainXml current = DomainXml.parse(record.inactiveXml(), "domain '" + record.name() + "'");
        if (!Fingerprints.of(current.toXml()).equals(planned.fingerprint())
                && Optional.ofNullable(record.uuid())
                        .flatMap(journals)
                        .filter(this::changedByThisPlan)
                        .isPresent()) {
            return problems;
        }
        Optional<DomainXml> plannedFrom = PivotedDisks.plannedFrom(record.inactiveXml(), planned);
        if (plannedFrom.isEmpty()) {
            // Changed since planning (by someone, or with a plan's record of it edited to match nothing
            // the domain has): nothing to plan again from; preflight refuses it, the others go on.
            return problems;
        }
        boolean hugepages = planned.newXml() != null
                && DomainXml.parse(planned.newXml(), "the plan's newXml")
                        .memoryBacking()
                        .hasHugepages();
        DomainPlan expected;
        try {
            expected = MigrationPlanner.replan(plan, planned, facts(record, plannedFrom.get()), hugepages);
        } catch (VirtTuneException | IllegalArgumentException e) {
            problems.add(where() + "its policy cannot be planned: " + e.getMessage());
            return problems;
        }
        compareOutcomes(expected, problems);
        PlannedStepsCheck steps = new PlannedStepsCheck(planned, expected);
        Map<String, String> names = steps.volumeNames(problems);
        steps.compare(names, problems);
        compareDefinitions(expected, names, problems);
        return problems;
    }

    /**
     * The plan's originalXml is the definition its fingerprint was taken of (planning writes both
     * from the same text): otherwise the file was edited. Whether originalXml could be read.
     */
    private boolean compareOriginalFingerprint(List<String> problems) {
        if (planned.originalXml() == null) {
            return true;
        }
        String recorded;
        try {
            recorded = Fingerprints.of(DomainXml.parse(planned.originalXml(), "the plan's originalXml")
                    .toXml());
        } catch (VirtTuneException e) {
            problems.add(where() + "its originalXml cannot be read: " + e.getMessage());
            return false;
        }
        if (!recorded.equals(planned.fingerprint())) {
            problems.add(where() + "its originalXml is not the definition its fingerprint was taken of (that text's is "
                    + recorded + ", the plan's " + planned.fingerprint() + ")");
        }
        return true;
    }

    /**
     * Whether the domain's journal shows this very plan changed its definition: completed (apply then
     * finds it done and runs nothing), or interrupted once it began to define it. That run's plan
     * passed this check when it began, and the journal's digest of its fingerprint, steps and new
     * definition ties this one to it.
     */
    private boolean changedByThisPlan(DomainJournal journal) {
        if (journal.status() == DomainJournal.Status.COMPLETED) {
            return planned.fingerprint().equals(journal.planFingerprint());
        }
        boolean unfinished =
                journal.status() == DomainJournal.Status.IN_PROGRESS || journal.status() == DomainJournal.Status.FAILED;
        return unfinished && PlanDigest.of(planned).equals(journal.planDigest()) && journal.definitionTouched();
    }

    /** The outcome too is the policy's: a Windows guest's staging above all, which keeps its buses. */
    private void compareOutcomes(DomainPlan expected, List<String> problems) {
        if (expected.outcome() == planned.outcome()) {
            return;
        }
        String claimed = where() + "outcome " + planned.outcome() + ", but its policy plans " + expected.outcome();
        problems.add(
                expected.outcome() != DomainOutcome.STAGE
                        ? claimed
                        : claimed + ": nothing shows its VirtIO"
                                + " storage driver bound (no virtio disk of its own, and the plan records neither its guest agent's report"
                                + " of viostor bound nor --virtio-ready), so its disks keep their buses");
    }

    /** The define expects the definition the plan was made from, which is the one checked here. */
    private void compareDefineFingerprints(List<String> problems) {
        for (Step step : planned.steps()) {
            if (step instanceof DefineDomain define && !planned.fingerprint().equals(define.expectedFingerprint())) {
                problems.add(where() + "step define-domain expects the definition " + define.expectedFingerprint()
                        + ", not the one the plan was made from (" + planned.fingerprint() + ")");
            }
        }
    }

    private DomainFacts facts(DomainRecord record, DomainXml xml) {
        List<DiskFacts> disks = new ArrayList<>();
        for (DiskView disk : xml.disks()) {
            // The LVs matter as planning saw them: a Windows guest's temporary disk is known by its LV's tags.
            disks.add(new DiskFacts(
                    disk,
                    DiskClassifier.classify(disk),
                    Optional.empty(),
                    disk.sourcePath().flatMap(volumes),
                    Optional.empty()));
        }
        return new DomainFacts(record.name(), record.state(), Optional.of(xml), disks, Optional.empty());
    }

    private void compareDefinitions(DomainPlan expected, Map<String, String> names, List<String> problems) {
        if (planned.newXml() == null) {
            return;
        }
        if (expected.newXml() == null) {
            problems.add(where() + "its policy changes nothing in the definition, but the plan's newXml does");
            return;
        }
        Document ours =
                DomainXml.parse(expected.newXml(), "the replanned definition").document();
        for (Element source : ours.getDescendants(Filters.element("source"))) {
            String renamed = names.get(source.getAttributeValue("dev", ""));
            if (renamed != null) {
                source.setAttribute("dev", renamed);
            }
        }
        Document theirs = DomainXml.parse(planned.newXml(), "the plan's newXml").document();
        for (String difference : XmlEquivalence.differences(ours, theirs)) {
            problems.add(where() + "newXml differs from what its policy makes of the current definition at "
                    + difference.replace("first document", "policy's").replace("second document", "plan's")
                    + " (policy's vs plan's)");
        }
    }

    private String where() {
        return "domain '" + planned.name() + "': ";
    }
}
