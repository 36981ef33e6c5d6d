package io.virttune.apply;

import io.virttune.plan.CopyLive;
import io.virttune.plan.DomainPlan;
import io.virttune.plan.Fingerprints;
import io.virttune.xml.DiskView;
import io.virttune.xml.DomainXml;
import io.virttune.xml.XmlEquivalence;
import java.util.List;
import java.util.Optional;
import org.jdom2.Element;

/**
 * A persistent definition compared with the one a live plan was made from: the pivot of each
 * disk copied live rewrites that disk's type, source, format and backing chain to the LV
 * (libvirt 9.0 does, measured), which is the plan's own change; any other difference is someone
 * else's, and still refuses the define.
 */
final class PivotedDisks {
  private PivotedDisks() {}

  /**
   * Whether {@code persistentXml} is the definition {@code plan} was made from, or became it by the
   * plan's own pivots: each disk copied live that names its LV now put back as planned from, the
   * rest must mean the same (libvirt rewrites the disk's text, not only its values).
   */
  static boolean asPlanned(String persistentXml, DomainPlan plan) {
    return plannedFrom(persistentXml, plan).isPresent();
  }

  /**
   * The definition {@code plan} was made from, as {@code persistentXml} shows it: that one itself
   * when it has the plan's fingerprint; or, once a disk copied live was pivoted onto its LV, that
   * one with each pivoted disk put back as the plan's originalXml has it, when the rest means the
   * same. A definition whose text differs and that no pivot rewrote is not the planned one, however
   * alike the plan's record of it (its fingerprint is the plan file's to edit).
   */
  static Optional<DomainXml> plannedFrom(String persistentXml, DomainPlan plan) {
    DomainXml current = DomainXml.parse(persistentXml, "domain " + plan.name());
    if (Fingerprints.of(current.toXml()).equals(plan.fingerprint())) {
      return Optional.of(current);
    }
    List<CopyLive> copies = plan.steps().stream().filter(step -> step instanceof CopyLive)
        .map(step -> (CopyLive) step).toList();
    if (copies.isEmpty() || plan.originalXml() == null) {
      return Optional.empty();
    }
    DomainXml original = DomainXml.parse(plan.originalXml(), "the plan's definition of " + plan.name());
    if (!Fingerprints.of(original.toXml()).equals(plan.fingerprint())) {
      // Not the definition the fingerprint was taken of: nothing to compare with.
      return Optional.empty();
    }
    boolean pivoted = false;
    for (CopyLive copy : copies) {
      Optional<DiskView> now = disk(current, copy.disk()).filter(d -> d.sourcePath().equals(Optional.of(copy.device())));
      Optional<DiskView> was = disk(original, copy.disk());
      if (now.isPresent() && was.isPresent()) {
        putBack(now.get().element(), was.get().element());
        pivoted = true;
      }
    }
    return pivoted && XmlEquivalence.differences(current.document(), original.document()).isEmpty()
        ? Optional.of(current) : Optional.empty();
  }

  private static void putBack(Element pivoted, Element planned) {
    pivoted.setAttribute("type", planned.getAttributeValue("type", "file"));
    replace(pivoted, planned, "source");
    replace(pivoted, planned, "backingStore");
    Element driver = pivoted.getChild("driver");
    Element plannedDriver = planned.getChild("driver");
    if (driver != null && plannedDriver != null && plannedDriver.getAttribute("type") != null) {
      driver.setAttribute("type", plannedDriver.getAttributeValue("type"));
    }
  }

  /** The child {@code name} of {@code pivoted} made the planned one's, in its place. */
  private static void replace(Element pivoted, Element planned, String name) {
    Element now = pivoted.getChild(name);
    Element was = planned.getChild(name);
    if (now != null && was != null) {
      pivoted.setContent(pivoted.indexOf(now), was.clone());
    } else if (now != null) {
      pivoted.removeContent(now);
    } else if (was != null) {
      pivoted.addContent(planned.indexOf(was), was.clone());
    }
  }

  private static Optional<DiskView> disk(DomainXml definition, String target) {
    return definition.disks().stream().filter(disk -> disk.targetDev().equals(target)).findFirst();
  }
}
