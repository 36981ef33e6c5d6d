package io.virttune.cli;

import static io.virttune.testing.Cli.EXAMPLE_URI;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.virttune.testing.Cli;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Every --json output names its schema one way: "schema": "virt-tune/NAME" and an integer "version", first. */
class JsonSchemesTest {
  private static final Map<String, List<String>> COMMANDS = Map.of(
      "virt-tune/inspect", List.of("inspect", "--connect", EXAMPLE_URI, "--host-facts", "examples/hv01", "web01"),
      "virt-tune/plan", List.of("plan", "--connect", EXAMPLE_URI, "--host-facts", "examples/hv01", "--vg", "vg_fast",
          "db01"),
      "virt-tune/bench-compare", List.of("bench", "compare", "guest-io", "before", "after", "--state-dir",
          "src/test/resources/io/virttune/bench"));

  @Test
  void everyJsonOutputStartsWithItsSchemaAndAnIntegerVersion() throws IOException {
    for (Map.Entry<String, List<String>> command : COMMANDS.entrySet()) {
      List<String> args = new ArrayList<>(command.getValue());
      args.add("--json");

      Cli cli = Cli.run(args.toArray(String[]::new));

      assertEquals(0, cli.exitCode(), cli.transcript());
      JsonNode json = new ObjectMapper().readTree(cli.out());
      List<String> fields = new ArrayList<>();
      json.fieldNames().forEachRemaining(fields::add);
      assertEquals(List.of("schema", "version"), fields.subList(0, 2), command.getKey());
      assertEquals(command.getKey(), json.get("schema").asText());
      assertTrue(json.get("version").isInt() && json.get("version").asInt() >= 1, cli.out());
    }
  }
}
