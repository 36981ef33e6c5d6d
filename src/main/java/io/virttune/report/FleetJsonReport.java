package io.virttune.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
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

  private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private FleetJsonReport() {}

  public static String render(List<HostOutcome> outcomes) {
    ObjectNode root = MAPPER.createObjectNode();
    root.put("schema", SCHEMA);
    root.put("version", VERSION);
    ArrayNode hosts = root.putArray("hosts");
    for (HostOutcome outcome : outcomes) {
      ObjectNode host = hosts.addObject();
      host.put("name", outcome.host().name());
      host.put("status", outcome.failure().isPresent() ? "failed" : outcome.incomplete() ? "incomplete" : "ok");
      outcome.failure().ifPresent(why -> host.put("error", why));
      outcome.result().ifPresent(result -> host.set("inspect", inspectSection(InspectJsonReport.render(result))));
    }
    try {
      return MAPPER.writeValueAsString(root) + "\n";
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot serialise the fleet report", e);
    }
  }

  /** The host's own inspect document, read back so that both reports share one schema's code. */
  private static ObjectNode inspectSection(String document) {
    try {
      return (ObjectNode) MAPPER.readTree(document);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("the inspect report is not JSON", e);
    }
  }
}
