package io.virttune.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.virttune.fleet.HostOutcome;
import java.util.List;

/**
 * The inspect report of a fleet as one JSON document, schema {@code virt-tune/fleet-inspect}
 * version 1 (docs/json.md): a section per host, holding that host's {@code virt-tune/inspect}
 * report or the reason it could not be read.
 */
public final class FleetJsonReport {
    public static final String SCHEMA = "virt-tune/fleet-inspect";
    public static final int VERSION = 1;

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private FleetJsonReport() {}

    /** The report as a tree, every host's inspect section built once, straight into it. */
    public static ObjectNode document(List<HostOutcome> outcomes) {
        ObjectNode root = NODES.objectNode();
        root.put("schema", SCHEMA);
        root.put("version", VERSION);
        ArrayNode hosts = root.putArray("hosts");
        for (HostOutcome outcome : outcomes) {
            ObjectNode host = hosts.addObject();
            host.put("name", outcome.host().name());
            host.put("status", outcome.failure().isPresent() ? "failed" : outcome.incomplete() ? "incomplete" : "ok");
            outcome.failure().ifPresent(why -> host.put("error", why));
            outcome.result().ifPresent(result -> host.set("inspect", InspectJsonReport.document(result)));
        }
        return root;
    }
}
