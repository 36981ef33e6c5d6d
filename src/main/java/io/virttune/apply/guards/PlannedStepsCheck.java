package io.virttune.apply.guards;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.virttune.VirtTuneException;
import io.virttune.lvm.LvmNames;
import io.virttune.plan.CreateVolume;
import io.virttune.plan.DomainPlan;
import io.virttune.plan.PlanJson;
import io.virttune.plan.SetReadAhead;
import io.virttune.plan.Step;
import io.virttune.xml.DomainXml;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * One domain's steps in a plan file against the steps its policy plans again, field by field: each
 * difference named with the step, the field and both values, every one of them, not the first.
 */
final class PlannedStepsCheck {
    /**
     * Step fields not decided by the policy: sizes read from the host at planning time, and the
     * define's expected fingerprint, which must be the plan's (checked against the domain) instead.
     */
    private static final Set<String> UNCOMPARED_FIELDS =
            Set.of("sizeBytes", "virtualSizeBytes", "allocatedBytes", "expectedFingerprint");

    private final DomainPlan planned;
    private final DomainPlan expected;
    private final String where;

    PlannedStepsCheck(DomainPlan planned, DomainPlan expected) {
        this.planned = planned;
        this.expected = expected;
        this.where = "domain '" + planned.name() + "': ";
    }

    /** The replanned LV names (and device paths) mapped to the plan's, volume by volume: LV names depend on the host. */
    Map<String, String> volumeNames(List<String> problems) {
        List<CreateVolume> ours = creations(expected);
        List<CreateVolume> theirs = creations(planned);
        Map<String, String> names = new HashMap<>();
        for (int i = 0; i < Math.min(ours.size(), theirs.size()); i++) {
            CreateVolume create = theirs.get(i);
            try {
                LvmNames.requireValidLogicalVolume(create.vg(), create.name());
            } catch (VirtTuneException e) {
                problems.add(where + "LV name " + create.volume() + ": " + e.getMessage());
            }
            names.put(ours.get(i).name(), create.name());
            names.put(ours.get(i).devicePath(), create.devicePath());
        }
        return names;
    }

    /** Adds a problem per step that differs from the policy's, and per read-ahead step on an LV no disk uses. */
    void compare(Map<String, String> names, List<String> problems) {
        List<JsonNode> ours = decided(expected.steps(), names);
        List<JsonNode> theirs = decided(planned.steps(), Map.of());
        if (ours.size() != theirs.size()) {
            problems.add(where + "its " + theirs.size() + " steps " + kinds(theirs) + " are not what its policy plans: "
                    + ours.size() + " steps " + kinds(ours));
        } else {
            List<Integer> numbers = numbers(planned.steps());
            for (int i = 0; i < ours.size(); i++) {
                List<String> fields = differences(theirs.get(i), ours.get(i));
                if (!fields.isEmpty()) {
                    problems.add(where + "step " + numbers.get(i) + " ("
                            + theirs.get(i).path("kind").asText() + ") is not what its" + " policy plans: "
                            + String.join("; ", fields) + " (plan's vs policy's)");
                }
            }
        }
        List<SetReadAhead> readAheads = planned.steps().stream()
                .filter(step -> step instanceof SetReadAhead)
                .map(step -> (SetReadAhead) step)
                .toList();
        // The planned definition is parsed once for all its read-ahead steps, not once a step.
        Set<String> devices = readAheads.isEmpty() ? Set.of() : devices();
        for (SetReadAhead readAhead : readAheads) {
            if (!devices.contains(readAhead.volume().devicePath())) {
                problems.add(where + "step " + PlanJson.tree(readAhead) + " changes an LV none of its disks uses");
            }
        }
    }

    private static List<String> differences(JsonNode theirs, JsonNode ours) {
        Set<String> fields = new TreeSet<>();
        theirs.fieldNames().forEachRemaining(fields::add);
        ours.fieldNames().forEachRemaining(fields::add);
        List<String> differences = new ArrayList<>();
        for (String field : fields) {
            if (!theirs.path(field).equals(ours.path(field))) {
                differences.add(field + " " + value(theirs.path(field)) + " vs " + value(ours.path(field)));
            }
        }
        return differences;
    }

    private static String value(JsonNode node) {
        return node.isMissingNode() ? "(none)" : node.isTextual() ? "'" + node.asText() + "'" : node.toString();
    }

    /** The plan file's numbers (from 1) of the steps {@link #decided} keeps. */
    private static List<Integer> numbers(List<Step> steps) {
        List<Integer> numbers = new ArrayList<>();
        for (int i = 0; i < steps.size(); i++) {
            if (!(steps.get(i) instanceof SetReadAhead)) {
                numbers.add(i + 1);
            }
        }
        return numbers;
    }

    private static List<String> kinds(List<JsonNode> steps) {
        return steps.stream().map(step -> step.path("kind").asText()).toList();
    }

    private static List<CreateVolume> creations(DomainPlan domain) {
        return domain.steps().stream()
                .filter(s -> s instanceof CreateVolume)
                .map(s -> (CreateVolume) s)
                .toList();
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
        DomainXml.parse(xml, "the plan's definition")
                .disks()
                .forEach(disk -> disk.sourcePath().ifPresent(devices::add));
        return devices;
    }
}
