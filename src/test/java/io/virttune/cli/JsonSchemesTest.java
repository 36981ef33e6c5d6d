package io.virttune.cli;

import static io.virttune.testing.Cli.EXAMPLE_URI;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.virttune.testing.Cli;
import io.virttune.testing.ExamplePlans;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every --json output names its schema one way: "schema": "virt-tune/NAME" and an integer "version", first. */
class JsonSchemesTest {
    private static final Map<String, List<String>> COMMANDS = Map.of(
            "virt-tune/inspect", List.of("inspect", "--connect", EXAMPLE_URI, "--host-facts", "examples/hv01", "web01"),
            "virt-tune/plan",
                    List.of(
                            "plan",
                            "--connect",
                            EXAMPLE_URI,
                            "--host-facts",
                            "examples/hv01",
                            "--vg",
                            "vg_fast",
                            "db01"),
            "virt-tune/bench-compare",
                    List.of(
                            "bench",
                            "compare",
                            "guest-io",
                            "before",
                            "after",
                            "--state-dir",
                            "src/test/resources/io/virttune/bench"));

    @TempDir
    Path temp;

    private static JsonNode assertVersioned(String schema, Cli cli) throws IOException {
        JsonNode json = new ObjectMapper().readTree(cli.out());
        List<String> fields = new ArrayList<>();
        json.fieldNames().forEachRemaining(fields::add);
        assertEquals(List.of("schema", "version"), fields.subList(0, 2), schema);
        assertEquals(schema, json.get("schema").asText());
        assertTrue(json.get("version").isInt() && json.get("version").asInt() >= 1, cli.out());
        return json;
    }

    @Test
    void everyJsonOutputStartsWithItsSchemaAndAnIntegerVersion() throws IOException {
        for (Map.Entry<String, List<String>> command : COMMANDS.entrySet()) {
            List<String> args = new ArrayList<>(command.getValue());
            args.add("--json");

            Cli cli = Cli.run(args.toArray(String[]::new));

            assertEquals(0, cli.exitCode(), cli.transcript());
            assertVersioned(command.getKey(), cli);
        }
    }

    @Test
    void applyRollbackAndCleanupPrintTheirResultsAsJsonAndTheirProgressOnStderr() throws IOException {
        String state = "--state-dir=" + temp.resolve("state");
        Path plan = temp.resolve("plan.json");
        ExamplePlans.write(plan, "web01");

        Cli apply = Cli.run("apply", plan.toString(), state, "--json");
        Cli rollback = Cli.run("rollback", "web01", "--connect", EXAMPLE_URI, state, "--json");
        Cli cleanup = Cli.run("cleanup", "web01", "--connect", EXAMPLE_URI, state, "--json");

        assertEquals(3, apply.exitCode(), apply.transcript());
        JsonNode applied =
                assertVersioned("virt-tune/apply", apply).get("domains").get(0);
        assertEquals("web01", applied.get("name").asText());
        assertEquals("refused", applied.get("result").asText());
        assertTrue(applied.get("detail").asText().contains("volume group vg_fast does not exist"), apply.out());
        assertTrue(apply.err().startsWith("Dry run: nothing is changed."), apply.err());

        assertEquals(0, rollback.exitCode(), rollback.transcript());
        JsonNode rolledBack = assertVersioned("virt-tune/rollback", rollback);
        assertEquals(false, rolledBack.get("execute").asBoolean());
        assertEquals(
                "nothing_to_do", rolledBack.get("domains").get(0).get("result").asText());

        assertEquals(0, cleanup.exitCode(), cleanup.transcript());
        assertEquals(
                "nothing_to_do",
                assertVersioned("virt-tune/cleanup", cleanup)
                        .get("domains")
                        .get(0)
                        .get("result")
                        .asText());
        assertTrue(cleanup.err().startsWith("Dry run: nothing is changed."), cleanup.err());
    }
}
