package io.virttune.apply.live;

import io.virttune.VirtTuneException;
import io.virttune.plan.CopyLive;
import io.virttune.plan.CreateVolume;
import io.virttune.plan.DomainPlan;
import io.virttune.plan.Fingerprints;
import io.virttune.plan.Step;
import io.virttune.xml.DiskView;
import io.virttune.xml.DomainXml;
import io.virttune.xml.XmlEquivalence;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.jdom2.Element;

/**
 * A persistent definition compared with the one a live plan was made from: the pivot of each
 * disk copied live rewrites that disk's type, source, format and backing chain to the LV
 * (libvirt 9.0 does, measured), which is the plan's own change; any other difference is someone
 * else's, and still refuses the define.
 */
public final class PivotedDisks {
    private PivotedDisks() {}

    private static final int DIFFERENCES_SHOWN = 5;

    /**
     * Whether {@code persistentXml} is the definition {@code plan} was made from, or became it by the
     * plan's own pivots: each disk copied live that names its LV now put back as planned from, the
     * rest must mean the same (libvirt rewrites the disk's text, not only its values).
     */
    public static boolean asPlanned(String persistentXml, DomainPlan plan) {
        return plannedFrom(persistentXml, plan).isPresent();
    }

    /**
     * The definition {@code plan} was made from, as {@code persistentXml} shows it: that one itself
     * when it has the plan's fingerprint; or, once a disk copied live was pivoted onto its LV, that
     * one with each pivoted disk put back as the plan's originalXml has it, when the rest means the
     * same. A definition whose text differs and that no pivot rewrote is not the planned one, however
     * alike the plan's record of it (its fingerprint is the plan file's to edit).
     */
    public static Optional<DomainXml> plannedFrom(String persistentXml, DomainPlan plan) {
        DomainXml current = DomainXml.parse(persistentXml, "domain " + plan.name());
        if (Fingerprints.of(current.toXml()).equals(plan.fingerprint())) {
            return Optional.of(current);
        }
        if (plan.steps().stream().noneMatch(step -> step instanceof CopyLive) || plan.originalXml() == null) {
            return Optional.empty();
        }
        DomainXml original = DomainXml.parse(plan.originalXml(), "the plan's definition of " + plan.name());
        if (!Fingerprints.of(original.toXml()).equals(plan.fingerprint())) {
            // Not the definition the fingerprint was taken of: nothing to compare with.
            return Optional.empty();
        }
        return putBackPivoted(current, original, plan)
                        && XmlEquivalence.differences(current.document(), original.document())
                                .isEmpty()
                ? Optional.of(current)
                : Optional.empty();
    }

    /**
     * What differs between {@code persistentXml} (its pivoted disks put back) and the definition
     * {@code plan} records it was made from, for a refusal: the differences, or why there are none
     * to show. Empty text never: call it for a definition {@link #asPlanned} does not take.
     */
    public static String changes(String persistentXml, DomainPlan plan) {
        DomainXml current = DomainXml.parse(persistentXml, "domain " + plan.name());
        String fingerprints = "its fingerprint is " + shortened(Fingerprints.of(current.toXml())) + ", the plan's "
                + shortened(plan.fingerprint());
        if (plan.originalXml() == null) {
            return fingerprints + "; the plan records no originalXml";
        }
        DomainXml original;
        try {
            original = DomainXml.parse(plan.originalXml(), "the plan's originalXml");
        } catch (VirtTuneException e) {
            return fingerprints + "; its originalXml cannot be read: " + e.getMessage();
        }
        putBackPivoted(current, original, plan);
        List<String> differences = XmlEquivalence.differences(current.document(), original.document());
        if (differences.isEmpty()) {
            return fingerprints
                    + "; the plan's originalXml means the same in other text: its fingerprint is not of this"
                    + " definition";
        }
        String shown = String.join("; ", differences.subList(0, Math.min(DIFFERENCES_SHOWN, differences.size())))
                .replace("first document", "definition now")
                .replace("second document", "plan's originalXml");
        return shown
                + (differences.size() > DIFFERENCES_SHOWN
                        ? " (and " + (differences.size() - DIFFERENCES_SHOWN) + " more)"
                        : "")
                + " (now vs the plan's originalXml)";
    }

    private static String shortened(String fingerprint) {
        return fingerprint == null || fingerprint.length() <= 19
                ? String.valueOf(fingerprint)
                : fingerprint.substring(0, 19) + "...";
    }

    /**
     * Puts back, in {@code current}, each disk the plan's copies really pivoted: a block disk whose
     * source is the device of an LV the plan creates, which the planned disk did not name; whether
     * there was one.
     */
    private static boolean putBackPivoted(DomainXml current, DomainXml original, DomainPlan plan) {
        Set<String> planned = plan.steps().stream()
                .filter(step -> step instanceof CreateVolume)
                .map(step -> ((CreateVolume) step).devicePath())
                .collect(Collectors.toSet());
        boolean pivoted = false;
        for (Step step : plan.steps()) {
            if (!(step instanceof CopyLive copy) || !planned.contains(copy.device())) {
                continue;
            }
            Optional<DiskView> now = disk(current, copy.disk())
                    .filter(d -> d.type().equals("block") && d.sourcePath().equals(Optional.of(copy.device())));
            Optional<DiskView> was =
                    disk(original, copy.disk()).filter(d -> !d.sourcePath().equals(Optional.of(copy.device())));
            if (now.isPresent() && was.isPresent()) {
                putBack(now.get().element(), was.get().element());
                pivoted = true;
            }
        }
        return pivoted;
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
        return definition.disks().stream()
                .filter(disk -> disk.targetDev().equals(target))
                .findFirst();
    }
}
