package io.virttune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.virttune.testing.Cli;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * inspect of a fleet from an Ansible inventory: two hosts recorded like the bundled example and one
 * whose libvirt cannot be reached. The two are reported in full, the third is named with its reason.
 */
class FleetInspectCommandTest {
    private static final String UNREACHABLE = "test:///nonexistent/node.xml";

    @TempDir
    static Path dir;

    private static Path inventory;

    @BeforeAll
    static void writeInventory() throws IOException {
        inventory = recordedInventory(dir);
    }

    /** An inventory of two hosts recorded like the bundled example (group paris) and one whose libvirt cannot be reached (lyon). */
    static Path recordedInventory(Path dir) throws IOException {
        String recorded = " virt_tune_uri=" + Cli.EXAMPLE_URI + " virt_tune_host_facts=examples/hv01";
        return Files.writeString(
                dir.resolve("inventory.ini"),
                String.join(
                        "\n",
                        "[paris]",
                        "hv01" + recorded,
                        "hv02" + recorded,
                        "[lyon]",
                        "hv03 virt_tune_uri=" + UNREACHABLE + " virt_tune_host_facts=examples/hv01",
                        ""));
    }

    @Test
    void theTextReportHasARowPerHostThenEachHostsDetails() {
        Cli run = Cli.run("inspect", "--hosts", inventory.toString(), "--parallel", "2");

        assertEquals(1, run.exitCode(), run.transcript());
        List<String> lines = run.out().lines().toList();
        assertEquals("Fleet of 3 hosts: 2 inspected, 1 failed", lines.get(0));
        assertEquals(
                List.of("HOST", "STATUS", "DOMAINS", "ERROR", "WARNING", "INFO", "DISKS", "TO", "MOVE"),
                List.of(lines.get(1).strip().split("\\s+")));
        assertTrue(lines.get(2).strip().matches("hv01 +ok +\\d+ +\\d+ +\\d+ +\\d+ +\\d+"), lines.get(2));
        assertEquals(lines.get(2).replace("hv01", "hv02"), lines.get(3));
        assertTrue(lines.get(4).strip().matches("hv03 +failed +- +- +- +- +-"), lines.get(4));
        assertEquals("Failed hosts:", lines.get(6));
        assertTrue(lines.get(7).startsWith("  hv03: ") && lines.get(7).contains("nonexistent"), lines.get(7));
        assertEquals(
                2,
                lines.stream().filter(line -> line.matches("=== hv0[12] ===")).count());
        assertTrue(run.out().contains("\n=== hv02 ===\nHost "), run.out());
    }

    @Test
    void eachInspectedHostReportsWhatItAloneWouldReport() {
        Cli alone = Cli.run("inspect", "--connect", Cli.EXAMPLE_URI, "--host-facts", "examples/hv01");
        Cli fleet = Cli.run("inspect", "--hosts", inventory.toString(), "--limit", "paris");

        assertEquals(0, fleet.exitCode(), fleet.transcript());
        String hv02 = fleet.out().substring(fleet.out().indexOf("=== hv02 ===\n") + "=== hv02 ===\n".length());
        assertEquals(alone.out(), hv02);
    }

    @Test
    void theJsonReportIsOneDocumentWithASectionPerHost() throws IOException {
        Cli run = Cli.run("inspect", "--hosts", inventory.toString(), "--json");
        Cli alone = Cli.run("inspect", "--connect", Cli.EXAMPLE_URI, "--host-facts", "examples/hv01", "--json");

        assertEquals(1, run.exitCode(), run.transcript());
        ObjectMapper json = new ObjectMapper();
        JsonNode root = json.readTree(run.out());
        assertEquals("virt-tune/fleet-inspect", root.get("schema").asText());
        assertEquals(1, root.get("version").asInt());
        List<JsonNode> hosts =
                StreamSupport.stream(root.get("hosts").spliterator(), false).toList();
        assertEquals(
                List.of("hv01", "hv02", "hv03"),
                hosts.stream().map(host -> host.get("name").asText()).toList());
        assertEquals(
                List.of("ok", "ok", "failed"),
                hosts.stream().map(host -> host.get("status").asText()).toList());
        assertEquals(json.readTree(alone.out()), hosts.get(0).get("inspect"));
        assertTrue(hosts.get(2).get("error").asText().contains("nonexistent"));
        assertTrue(hosts.get(2).get("inspect") == null);
    }

    @ParameterizedTest
    @ValueSource(strings = {"inspect --all", "plan --all --vg vg", "snippets --out /nonexistent"})
    void aLimitWithoutAnInventoryIsAUsageErrorNotIgnored(String command) {
        List<String> args = new ArrayList<>(List.of(command.split(" ")));
        args.addAll(List.of("--limit", "paris"));
        Cli run = Cli.run(args.toArray(String[]::new));
        assertEquals(2, run.exitCode(), run.transcript());
        assertTrue(
                run.err().contains("--limit selects from an inventory: give it with --hosts FILE"), run.transcript());
    }

    @Test
    void aFleetAndOneHostAreNotNamedTogether() {
        Cli run = Cli.run("inspect", "--host", "hv01", "--connect", Cli.EXAMPLE_URI);
        assertEquals(2, run.exitCode(), run.transcript());
        assertTrue(run.err().contains("--host and --hosts name the hosts"), run.err());
    }

    @Test
    void limitNeedsAnInventory() {
        Cli run = Cli.run("inspect", "--host", "hv01", "--limit", "paris");
        assertEquals(2, run.exitCode(), run.transcript());
        assertTrue(run.err().contains("--limit selects from an inventory"), run.err());
    }
}
