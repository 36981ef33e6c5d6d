package io.virttune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.virttune.fleet.FleetPlan;
import io.virttune.fleet.FleetPlanJson;
import io.virttune.plan.PlanJson;
import io.virttune.testing.Cli;
import io.virttune.testing.RecordedFleet;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * plan across a fleet over (a stand-in) ssh: each host planned through its own door, one fleet
 * plan whose host sections are the plans each host alone would get, a host that is down failed
 * apart.
 */
class FleetPlanOverSshTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void eachHostIsPlannedAsAloneAndAHostThatIsDownFailsApart(@TempDir Path dir) throws Exception {
        Path hosts = Files.writeString(
                dir.resolve("inventory.ini"),
                String.join(
                        "\n",
                        "[kvm]",
                        "hv-a",
                        "hv-b ansible_user=ops",
                        "hv-down ansible_host=10.77.0.9",
                        "",
                        "[kvm:vars]",
                        "virt_tune_uri=" + Cli.EXAMPLE_URI,
                        ""));
        Path fleetPlan = dir.resolve("fleet-plan.json");

        Cli run = new RecordedFleet(dir.resolve("ssh"), "10.77.0.9")
                .run("plan", "--all", "--hosts", hosts.toString(), "--vg", "vg_fast", "--out", fleetPlan.toString());

        assertEquals(1, run.exitCode(), "a host failed: " + run.transcript());
        assertTrue(run.out().startsWith("Fleet of 3 hosts: 2 planned, 1 failed\n"), run.transcript());
        assertTrue(run.out().matches("(?s).*\\n  hv-down +failed +- .*"), run.transcript());
        assertTrue(run.out().contains("  hv-down: cannot reach hv-down over ssh (10.77.0.9)"), run.transcript());
        assertTrue(run.out().contains("=== hv-a ===\nPlan for "), run.transcript());
        assertFalse(run.out().contains("=== hv-down ==="), run.transcript());

        JsonNode document = JSON.readTree(Files.readString(fleetPlan));
        assertEquals("virt-tune/fleet-plan", document.get("schema").asText());
        assertEquals("failed", document.at("/hosts/2/status").asText());
        Cli alone = planAlone();
        assertEquals(0, alone.exitCode(), alone.transcript());
        JsonNode single = withoutCreation(JSON.readTree(alone.out()));
        for (int host = 0; host < 2; host++) {
            assertEquals("planned", document.at("/hosts/" + host + "/status").asText(), document.toString());
            JsonNode section = document.at("/hosts/" + host + "/plan");
            assertFalse(section.get("hostname").asText().isEmpty());
            // Compared without printing both plans (hundreds of lines) when they differ.
            assertTrue(
                    single.equals(withoutCreation(section)),
                    "host " + host + "'s section is not the plan it would get alone");
        }

        FleetPlan read = FleetPlanJson.read(Files.readString(fleetPlan), fleetPlan.toString());
        assertEquals(3, read.hosts().size());
        assertEquals(
                PlanJson.write(read.hosts().get(0).plan().orElseThrow()),
                PlanJson.write(PlanJson.read(document.at("/hosts/0/plan").toString(), "hv-a")),
                "each section reads back as a plan of its own");
        assertTrue(
                read.hosts().get(2).error().orElseThrow().startsWith("cannot reach hv-down over ssh (10.77.0.9)"),
                read.hosts().get(2).toString());
    }

    @Test
    void aWindowPlanOverAFleetGivesEachHostItsOwnWindowsAsItWouldGetThemAlone(@TempDir Path dir) throws Exception {
        Path hosts = Files.writeString(
                dir.resolve("inventory.ini"),
                String.join("\n", "[kvm]", "hv-a", "hv-b", "", "[kvm:vars]", "virt_tune_uri=" + Cli.EXAMPLE_URI, ""));
        Path fleetPlan = dir.resolve("fleet-plan.json");

        Cli run = new RecordedFleet(dir.resolve("ssh"))
                .run(
                        "plan",
                        "--all",
                        "--hosts",
                        hosts.toString(),
                        "--vg",
                        "vg_fast",
                        "--copy-rate",
                        "100M",
                        "--window",
                        "1h",
                        "--out",
                        fleetPlan.toString());

        assertEquals(0, run.exitCode(), run.transcript());
        assertTrue(run.out().contains("=== hv-b ===\nPlan for "), run.transcript());
        assertTrue(run.out().contains("windows of 1h00m"), run.transcript());
        Cli alone = planAlone("--copy-rate", "100M", "--window", "1h");
        assertEquals(0, alone.exitCode(), alone.transcript());
        JsonNode schedule = JSON.readTree(alone.out()).get("schedule");
        assertFalse(schedule.path("windows").isEmpty(), alone.out());
        JsonNode document = JSON.readTree(Files.readString(fleetPlan));
        for (int host = 0; host < 2; host++) {
            assertEquals(schedule, document.at("/hosts/" + host + "/plan/schedule"), "host " + host);
        }
    }

    @Test
    void aWindowPlanOverAFleetNeedsARateFromHereAsEachHostsJournalsAreThere(@TempDir Path dir) throws Exception {
        Cli run = RecordedFleet.fourHosts(dir)
                .run(
                        "plan",
                        "--all",
                        "--hosts",
                        RecordedFleet.fourHostInventory(dir).toString(),
                        "--vg",
                        "vg_fast",
                        "--window",
                        "4h");

        assertEquals(2, run.exitCode(), run.transcript());
        assertTrue(
                run.err().contains("--window over a fleet needs a copy rate to predict downtimes by: --copy-rate SIZE"),
                run.transcript());
    }

    @Test
    void aFleetPlanWithEveryHostDownIsRefusedAndWritesNothing(@TempDir Path dir) throws Exception {
        Path fleetPlan = dir.resolve("fleet-plan.json");

        Cli run = new RecordedFleet(dir.resolve("ssh"), "hv-x")
                .run("plan", "--all", "--host", "hv-x", "--vg", "vg_fast", "--out", fleetPlan.toString());

        assertEquals(3, run.exitCode(), run.transcript());
        assertTrue(run.err().contains("no host has anything to apply"), run.transcript());
        assertFalse(Files.exists(fleetPlan));
    }

    @Test
    void aFleetPlanTakesNoSingleHostOptions() {
        Cli run = Cli.run("plan", "--all", "--host", "hv-a", "--connect", Cli.EXAMPLE_URI, "--vg", "vg_fast");

        assertEquals(2, run.exitCode(), run.transcript());
        assertTrue(run.err().contains("--host and --hosts name the hosts"), run.transcript());
    }

    /**
     * The plan without the moment it was made, which differs between two runs, and the hostname,
     * which the recorded facts name alone and the host's own door names in the fleet.
     */
    private static JsonNode withoutCreation(JsonNode plan) {
        ObjectNode copy = plan.deepCopy();
        copy.remove(List.of("createdAt", "hostname"));
        return copy;
    }

    /** The example host planned alone, as each fleet host is, with {@code options} and --json. */
    private static Cli planAlone(String... options) {
        List<String> argv = new ArrayList<>(List.of(
                "plan", "--all", "--connect", Cli.EXAMPLE_URI, "--host-facts", "examples/hv01", "--vg", "vg_fast"));
        argv.addAll(List.of(options));
        argv.add("--json");
        return Cli.run(argv.toArray(String[]::new));
    }
}
