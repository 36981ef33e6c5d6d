package io.virttune.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.virttune.apply.journal.PredictedBesideTaken;
import io.virttune.apply.ports.DomainResult;
import java.util.List;
import java.util.Locale;

/**
 * What apply, rollback, cleanup or bench did to each domain, as JSON: schema {@code
 * virt-tune/COMMAND} ({@code virt-tune/bench-run} for bench) version 1, versioned as every --json
 * output is (docs/json.md).
 */
public final class ResultsJsonReport {
    public static final int VERSION = 1;

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private ResultsJsonReport() {}

    /** {@code command} is apply, rollback or cleanup; {@code execute} false for a dry run. */
    public static String render(String command, boolean execute, List<DomainResult> results) {
        return render(command, execute, results, List.of());
    }

    /** As {@link #render(String, boolean, List)}, each domain {@code predictions} names with its copies' times. */
    public static String render(
            String command, boolean execute, List<DomainResult> results, List<PredictedBesideTaken> predictions) {
        ObjectNode root = header("virt-tune/" + command).put("execute", execute);
        ArrayNode domains = root.putArray("domains");
        for (DomainResult result : results) {
            ObjectNode domain = domain(domains, result);
            predictions.stream()
                    .filter(prediction -> prediction.domain().equals(result.domain()))
                    .forEach(prediction -> {
                        ObjectNode copies = domain.putObject("copies")
                                .put("move", prediction.live() ? "live" : "down")
                                .put("predictedSeconds", prediction.predictedSeconds())
                                .put("tookSeconds", prediction.tookSeconds())
                                .put("ratio", prediction.ratio());
                        prediction
                                .pause()
                                .ifPresent(pause -> copies.putObject("pause")
                                        .put("predictedSeconds", pause.predictedSeconds())
                                        .put("predictedSwitchMillis", pause.predictedSwitchMillis())
                                        .put("tookMillis", pause.tookMillis()));
                    });
        }
        return JsonDocument.text(root);
    }

    /** What bench did to each domain: it has no dry run, so no {@code execute}. */
    public static String benchRun(List<DomainResult> results) {
        return JsonDocument.text(domains(header("virt-tune/bench-run"), results));
    }

    private static ObjectNode header(String schema) {
        return NODES.objectNode().put("schema", schema).put("version", VERSION);
    }

    /** One domain's result in {@code domains}: as apply, rollback, cleanup and bench write it, here and for each fleet host. */
    static ObjectNode domain(ArrayNode domains, DomainResult result) {
        ObjectNode domain = domains.addObject()
                .put("name", result.domain())
                .put("result", result.result().name().toLowerCase(Locale.ROOT))
                .put("detail", result.detail());
        result.reasons().forEach(domain.putArray("reasons")::add);
        return domain;
    }

    private static ObjectNode domains(ObjectNode root, List<DomainResult> results) {
        ArrayNode domains = root.putArray("domains");
        for (DomainResult result : results) {
            domain(domains, result);
        }
        return root;
    }
}
