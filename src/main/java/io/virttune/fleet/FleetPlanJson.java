package io.virttune.fleet;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.virttune.VirtTuneException;
import io.virttune.plan.Plan;
import io.virttune.plan.PlanJson;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Writes and reads a fleet plan, schema {@code virt-tune/fleet-plan} version 1 (docs/json.md):
 * a section per host whose {@code plan} is that host's {@code virt-tune/plan} document, read back
 * with the same checks as a plan file of its own.
 */
public final class FleetPlanJson {
    public static final String SCHEMA = "virt-tune/fleet-plan";
    public static final int VERSION = 1;

    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private FleetPlanJson() {}

    public static String write(FleetPlan fleet) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("schema", SCHEMA);
        root.put("version", VERSION);
        root.put("createdAt", fleet.createdAt());
        ArrayNode hosts = root.putArray("hosts");
        for (FleetPlan.HostPlan host : fleet.hosts()) {
            ObjectNode section = hosts.addObject();
            section.put("name", host.name());
            host.host().variables().forEach(section.withObject("/reach")::put);
            section.put("status", host.status());
            host.error().ifPresent(why -> section.put("error", why));
            host.problems().forEach(section.withArray("problems")::add);
            host.plan().ifPresent(plan -> section.set("plan", PlanJson.tree(plan)));
        }
        try {
            return MAPPER.writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialise the fleet plan", e);
        }
    }

    /** True when {@code json} is a fleet plan rather than one host's: what apply looks at first. */
    public static boolean isFleetPlan(String json) {
        try {
            return SCHEMA.equals(MAPPER.readTree(json).path("schema").asText());
        } catch (JsonProcessingException e) {
            return false;
        }
    }

    public static FleetPlan read(String json, String origin) {
        JsonNode root;
        try {
            root = MAPPER.readTree(json);
        } catch (JsonProcessingException e) {
            throw VirtTuneException.failed(origin + " is not JSON: " + e.getOriginalMessage());
        }
        int version = root.path("version").asInt(-1);
        if (!SCHEMA.equals(root.path("schema").asText()) || version < 1 || version > VERSION) {
            throw VirtTuneException.failed(
                    origin + " has schema " + root.path("schema").asText("(none)") + " version " + version
                            + "; this virt-tune reads " + SCHEMA + " version 1 to " + VERSION);
        }
        List<FleetPlan.HostPlan> hosts = new ArrayList<>();
        for (JsonNode section : root.path("hosts")) {
            String name = section.path("name").asText("");
            if (name.isEmpty()) {
                throw VirtTuneException.failed(origin + " has a host section without a name");
            }
            Map<String, String> reach = new TreeMap<>();
            section.path("reach")
                    .fields()
                    .forEachRemaining(
                            field -> reach.put(field.getKey(), field.getValue().asText()));
            List<String> problems = new ArrayList<>();
            section.path("problems").forEach(problem -> problems.add(problem.asText()));
            Optional<Plan> plan = section.has("plan")
                    ? Optional.of(PlanJson.read(section.get("plan").toString(), origin + ", host " + name))
                    : Optional.empty();
            Optional<String> error =
                    section.has("error") ? Optional.of(section.get("error").asText()) : Optional.empty();
            hosts.add(new FleetPlan.HostPlan(new FleetHost(name, reach), plan, problems, error));
        }
        return new FleetPlan(root.path("createdAt").asText(""), hosts);
    }
}
