package io.virttune.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.virttune.bench.BenchComparison;
import io.virttune.bench.BenchResult;
import io.virttune.bench.Change;
import io.virttune.bench.Direction;
import io.virttune.bench.ProfileChange;
import java.util.OptionalDouble;
import java.util.function.Function;

/**
 * The comparison as JSON, schema {@code virt-tune/bench-compare} version 1 (versioned as every
 * --json output is, docs/json.md): both sides' configurations, every change, the losses.
 */
public final class BenchJsonReport {
    public static final String SCHEMA = "virt-tune/bench-compare";
    public static final int VERSION = 1;

    private static final ObjectMapper JSON = new ObjectMapper();

    private BenchJsonReport() {}

    public static String render(BenchComparison comparison) {
        return JsonDocument.text(document(comparison));
    }

    /** The document as a tree, for a fleet's report to hold whole. */
    public static ObjectNode document(BenchComparison comparison) {
        ObjectNode root = JSON.createObjectNode()
                .put("schema", SCHEMA)
                .put("version", VERSION)
                .put("domain", comparison.before().domain());
        side(root.putObject("before"), comparison.before());
        side(root.putObject("after"), comparison.after());
        ArrayNode changes = root.putArray("changes");
        for (ProfileChange change : comparison.changes()) {
            ObjectNode node = changes.addObject()
                    .put("profile", change.profile())
                    .put("direction", change.direction().label());
            metric(node.putObject("iops"), change.iops());
            metric(node.putObject("megabytesPerSecond"), change.megabytesPerSecond());
            metric(node.putObject("meanLatencyMicros"), change.meanLatencyMicros());
            metric(node.putObject("p99LatencyMicros"), change.p99LatencyMicros());
        }
        meanIopsChange(root.putObject("meanIopsChangePercent"), comparison::meanIopsPercent);
        comparison.losses().forEach(root.putArray("losses")::add);
        comparison.unmatched().forEach(root.putArray("unmatched")::add);
        return root;
    }

    /** {@code read} and {@code write}: each direction's mean IOPS change, null when none was measured. */
    static void meanIopsChange(ObjectNode node, Function<Direction, OptionalDouble> percent) {
        for (Direction direction : Direction.values()) {
            percent.apply(direction)
                    .ifPresentOrElse(p -> node.put(direction.label(), p), () -> node.putNull(direction.label()));
        }
    }

    private static void side(ObjectNode node, BenchResult result) {
        node.put("label", result.label())
                .put("time", result.time())
                .put("profileSet", result.profileSet())
                .put("diskFingerprint", result.disk().id());
        node.set("disk", JSON.valueToTree(result.disk()));
    }

    private static void metric(ObjectNode node, Change change) {
        node.put("before", change.before()).put("after", change.after());
        if (Double.isNaN(change.percent())) {
            node.putNull("changePercent");
        } else {
            node.put("changePercent", change.percent());
        }
        node.put("loss", change.isLoss());
        node.put("withinNoise", change.withinNoise());
    }
}
