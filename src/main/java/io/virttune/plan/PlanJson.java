package io.virttune.plan;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.virttune.VirtTuneException;
import java.util.Optional;

/** Writes and reads plan.json; reading refuses another schema or a newer version than this one. */
public final class PlanJson {
    private static final ObjectMapper MAPPER = new ObjectMapper()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private PlanJson() {}

    public static String write(Plan plan) {
        try {
            return MAPPER.writeValueAsString(plan) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialise the plan", e);
        }
    }

    /** A plan's part as the JSON tree plan.json holds it (a step with its {@code kind}), for comparing. */
    public static JsonNode tree(Object part) {
        return MAPPER.valueToTree(part);
    }

    /** The plan in {@code json}; a text that is not one is refused saying where and what, in the file's terms. */
    public static Plan read(String json, String origin) {
        JsonNode tree;
        try {
            tree = MAPPER.readTree(json);
        } catch (JsonProcessingException e) {
            throw notAPlan(origin, PlanFileProblem.ofSyntax(e));
        }
        Optional<String> shape = PlanFileProblem.ofShape(tree);
        if (shape.isPresent()) {
            throw notAPlan(origin, shape.get());
        }
        String schema = tree.path("schema").asText("(none)");
        int version = tree.path("version").asInt(-1);
        if (!Plan.SCHEMA.equals(schema) || version < 1 || version > Plan.VERSION) {
            throw VirtTuneException.failed(origin + " has schema " + schema + " version " + version
                    + "; this virt-tune reads " + Plan.SCHEMA + " versions 1 to " + Plan.VERSION);
        }
        Optional<String> lists = PlanFileProblem.ofLists(tree);
        if (lists.isPresent()) {
            throw notAPlan(origin, lists.get());
        }
        try {
            return MAPPER.treeToValue(tree, Plan.class);
        } catch (JsonMappingException e) {
            throw notAPlan(origin, PlanFileProblem.ofContent(e));
        } catch (JsonProcessingException e) {
            throw notAPlan(origin, PlanFileProblem.ofSyntax(e));
        }
    }

    private static VirtTuneException notAPlan(String origin, String problem) {
        return VirtTuneException.failed(origin + " " + problem
                + ": it is not a plan virt-tune wrote; make it again with" + " virt-tune plan --out FILE");
    }
}
