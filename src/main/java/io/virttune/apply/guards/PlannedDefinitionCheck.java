package io.virttune.apply.guards;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.virttune.VirtTuneException;
import io.virttune.apply.journal.DomainJournal;
import io.virttune.apply.journal.PlanDigest;
import io.virttune.apply.live.PivotedDisks;
import io.virttune.inspect.DiskFacts;
import io.virttune.inspect.DomainFacts;
import io.virttune.libvirt.DomainRecord;
import io.virttune.lvm.LogicalVolume;
import io.virttune.lvm.LvmNames;
import io.virttune.plan.CreateVolume;
import io.virttune.plan.DefineDomain;
import io.virttune.plan.DomainOutcome;
import io.virttune.plan.DomainPlan;
import io.virttune.plan.Fingerprints;
import io.virttune.plan.MigrationPlanner;
import io.virttune.plan.Plan;
import io.virttune.plan.PlanJson;
import io.virttune.plan.SetReadAhead;
import io.virttune.plan.Step;
import io.virttune.recipe.DiskClassifier;
import io.virttune.xml.DiskView;
import io.virttune.xml.DomainXml;
import io.virttune.xml.XmlEquivalence;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.jdom2.Document;
import org.jdom2.Element;
import org.jdom2.filter.Filters;

/**
 * One domain of a plan file against its current definition: the plan's steps and new definition
 * must be what the plan's own policy makes of that definition (planning is pure, so it is planned
 * again here), except for what depended on the host's state at planning time: the sizes, the LV
 * names handed out and whether hugepages fitted. The definition planned again is the one the
 * domain has (for a live plan after its pivots, that one with the pivoted disks put back), never
 * the plan's own record of it. A domain whose definition is neither changed since planning: that
 * is not the plan file's doing, and preflight refuses that domain alone; what shows the file
 * edited whatever the definition (an originalXml its fingerprint is not of, a define expecting
 * another definition) is refused here all the same.
 */
public final class PlannedDefinitionCheck {
  /**
   * Step fields not decided by the policy: sizes read from the host at planning time, and the
   * define's expected fingerprint, which must be the plan's (checked against the domain) instead.
   */
  private static final Set<String> UNCOMPARED_FIELDS = Set.of("sizeBytes", "virtualSizeBytes", "allocatedBytes",
      "expectedFingerprint");

  private final Plan plan;
  private final DomainPlan planned;
  private final Function<String, Optional<LogicalVolume>> volumes;
  private final Function<String, Optional<DomainJournal>> journals;

  /**
   * @param volumes the host's LV behind a block device path (its tags tell virt-tune's own)
   * @param journals the journal of the domain with a UUID, from apply's state directory
   */
  public PlannedDefinitionCheck(Plan plan, DomainPlan planned, Function<String, Optional<LogicalVolume>> volumes,
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
        && Optional.ofNullable(record.uuid()).flatMap(journals).filter(this::changedByThisPlan).isPresent()) {
      return problems;
    }
    Optional<DomainXml> plannedFrom = PivotedDisks.plannedFrom(record.inactiveXml(), planned);
    if (plannedFrom.isEmpty()) {
      // Changed since planning (by someone, or with a plan's record of it edited to match nothing
      // the domain has): nothing to plan again from; preflight refuses it, the others go on.
      return problems;
    }
    boolean hugepages = planned.newXml() != null
        && DomainXml.parse(planned.newXml(), "the plan's newXml").memoryBacking().hasHugepages();
    DomainPlan expected;
    try {
      expected = MigrationPlanner.replan(plan, planned, facts(record, plannedFrom.get()), hugepages);
    } catch (VirtTuneException | IllegalArgumentException e) {
      problems.add(where() + "its policy cannot be planned: " + e.getMessage());
      return problems;
    }
    compareOutcomes(expected, problems);
    Map<String, String> names = volumeNames(expected, problems);
    compareSteps(expected, names, problems);
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
      recorded = Fingerprints.of(DomainXml.parse(planned.originalXml(), "the plan's originalXml").toXml());
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
    boolean unfinished = journal.status() == DomainJournal.Status.IN_PROGRESS
        || journal.status() == DomainJournal.Status.FAILED;
    return unfinished && PlanDigest.of(planned).equals(journal.planDigest()) && journal.definitionTouched();
  }

  /** The outcome too is the policy's: a Windows guest's staging above all, which keeps its buses. */
  private void compareOutcomes(DomainPlan expected, List<String> problems) {
    if (expected.outcome() == planned.outcome()) {
      return;
    }
    String claimed = where() + "outcome " + planned.outcome() + ", but its policy plans " + expected.outcome();
    problems.add(expected.outcome() != DomainOutcome.STAGE ? claimed : claimed + ": nothing shows its VirtIO"
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
      disks.add(new DiskFacts(disk, DiskClassifier.classify(disk), Optional.empty(),
          disk.sourcePath().flatMap(volumes), Optional.empty()));
    }
    return new DomainFacts(record.name(), record.state(), Optional.of(xml), disks, Optional.empty());
  }

  /** The replanned LV names (and device paths) mapped to the plan's, volume by volume. */
  private Map<String, String> volumeNames(DomainPlan expected, List<String> problems) {
    List<CreateVolume> ours = creations(expected);
    List<CreateVolume> theirs = creations(planned);
    Map<String, String> names = new HashMap<>();
    for (int i = 0; i < Math.min(ours.size(), theirs.size()); i++) {
      CreateVolume volume = theirs.get(i);
      try {
        LvmNames.requireValidLogicalVolume(volume.vg(), volume.name());
      } catch (VirtTuneException e) {
        problems.add(where() + "LV name " + volume.vg() + "/" + volume.name() + ": " + e.getMessage());
      }
      names.put(ours.get(i).name(), volume.name());
      names.put(ours.get(i).devicePath(), volume.devicePath());
    }
    return names;
  }

  private static List<CreateVolume> creations(DomainPlan domain) {
    return domain.steps().stream().filter(s -> s instanceof CreateVolume).map(s -> (CreateVolume) s).toList();
  }

  private void compareSteps(DomainPlan expected, Map<String, String> names, List<String> problems) {
    List<JsonNode> ours = decided(expected.steps(), names);
    List<JsonNode> theirs = decided(planned.steps(), Map.of());
    if (!ours.equals(theirs)) {
      problems.add(where() + "steps " + theirs + " are not what its policy plans: " + ours);
    }
    for (Step step : planned.steps()) {
      if (step instanceof SetReadAhead readAhead && !devices().contains("/dev/" + readAhead.vg() + "/" + readAhead.name())) {
        problems.add(where() + "step " + PlanJson.tree(step) + " changes an LV none of its disks uses");
      }
    }
  }

  /** Steps without the fields above and without read-ahead (which depends on the LV's current setting). */
  private static List<JsonNode> decided(List<Step> steps, Map<String, String> names) {
    List<JsonNode> decided = new ArrayList<>();
    for (Step step : steps) {
      if (!(step instanceof SetReadAhead)) {
        ObjectNode tree = (ObjectNode) PlanJson.tree(step);
        tree.remove(UNCOMPARED_FIELDS);
        for (Iterator<Map.Entry<String, JsonNode>> fields = tree.fields(); fields.hasNext(); ) {
          Map.Entry<String, JsonNode> field = fields.next();
          String renamed = names.get(field.getValue().asText());
          if (field.getValue().isTextual() && renamed != null) {
            field.setValue(TextNode.valueOf(renamed));
          }
        }
        decided.add(tree);
      }
    }
    return decided;
  }

  /** The devices the planned definition's disks use (the current one's when it is not redefined). */
  private Set<String> devices() {
    String xml = planned.newXml() != null ? planned.newXml() : planned.originalXml();
    Set<String> devices = new HashSet<>();
    DomainXml.parse(xml, "the plan's definition").disks().forEach(disk -> disk.sourcePath().ifPresent(devices::add));
    return devices;
  }

  private void compareDefinitions(DomainPlan expected, Map<String, String> names, List<String> problems) {
    if (planned.newXml() == null) {
      return;
    }
    if (expected.newXml() == null) {
      problems.add(where() + "its policy changes nothing in the definition, but the plan's newXml does");
      return;
    }
    Document ours = DomainXml.parse(expected.newXml(), "the replanned definition").document();
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
