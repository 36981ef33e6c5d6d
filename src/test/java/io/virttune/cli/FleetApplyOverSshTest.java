package io.virttune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.virttune.fleet.FleetPlan;
import io.virttune.fleet.FleetPlanJson;
import io.virttune.plan.PlanJson;
import io.virttune.testing.Cli;
import io.virttune.testing.RecordedFleet;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * apply of a fleet plan over (a stand-in) ssh: each host's own virt-tune gets that host's plan on
 * its stdin and the run's options, the results come back into one report, and a host that is
 * down, unplanned or without virt-tune fails alone.
 */
class FleetApplyOverSshTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private RecordedFleet fleet;
    private Path fleetPlan;

    @BeforeEach
    void planTheFleet() throws Exception {
        Path hosts = Files.writeString(
                dir.resolve("inventory.ini"),
                String.join(
                        "\n",
                        "[kvm]",
                        "hv-a",
                        "hv-b ansible_user=ops ansible_password=hunter2-Zq",
                        "hv-c ansible_host=10.77.0.7",
                        "hv-down ansible_host=10.77.0.9",
                        "",
                        "[kvm:vars]",
                        "virt_tune_uri=" + Cli.EXAMPLE_URI,
                        ""));
        fleetPlan = dir.resolve("fleet-plan.json");
        fleet = new RecordedFleet(dir.resolve("ssh"), "10.77.0.9").withoutVirtTune("10.77.0.7");
        Cli planned = fleet.run(
                "plan", "--all", "--hosts", hosts.toString(), "--vg", "vg_fast", "--out", fleetPlan.toString());
        assertEquals(1, planned.exitCode(), planned.transcript());
    }

    @Test
    void aDryRunGivesEachHostItsOwnPlanAndFailsTheOthersApart() throws Exception {
        Cli run = fleet.run("apply", fleetPlan.toString());

        assertEquals(1, run.exitCode(), run.transcript());
        // Each host's progress comes first, as it comes, after the host's name; then the report.
        assertTrue(
                run.out().contains("[hv-a] progress goes to stderr\n")
                        && run.out().contains("[hv-b] progress goes to stderr\n"),
                run.transcript());
        assertTrue(report(run).startsWith("Dry run on every host: nothing is changed."), run.transcript());
        assertTrue(run.out().contains("Fleet of 4 hosts: 2 checked (dry run), 2 failed"), run.transcript());
        assertTrue(run.out().matches("(?s).*\\nhv-a +backup01 +would run +on hv-a\\n.*"), run.transcript());
        assertTrue(run.out().matches("(?s).*\\nhv-b +backup01 +would run +on ops@hv-b\\n.*"), run.transcript());
        assertTrue(
                run.out().matches("(?s).*\\nhv-c +- +failed +virt-tune is not installed there .*"), run.transcript());
        assertTrue(
                run.out().matches("(?s).*\\nhv-down +- +failed +not planned: cannot reach hv-down over ssh .*"),
                run.transcript());

        FleetPlan read = FleetPlanJson.read(Files.readString(fleetPlan), "fleet");
        assertEquals(PlanJson.write(read.hosts().get(0).plan().orElseThrow()), remote("hv-a.plan"));
        assertEquals(PlanJson.write(read.hosts().get(1).plan().orElseThrow()), remote("ops@hv-b.plan"));
        assertEquals(
                List.of("apply", "/dev/stdin", "--connect", "qemu:///system", "--json"),
                remote("hv-a.args").lines().toList());
        assertTrue(Files.readString(fleetPlan).contains("\"ansible_user\" : \"ops\""), "how to reach hv-b is kept");
        assertTrue(
                !Files.readString(fleetPlan).contains("hunter2-Zq"),
                "a fleet plan keeps how to reach a host, never a password");
    }

    @Test
    void anExecutedApplyPassesTheRunsChoicesToEveryHostAndReportsAsJson() throws Exception {
        Cli run = fleet.run(
                "apply",
                fleetPlan.toString(),
                "backup01",
                "--execute",
                "--resume",
                "--jobs",
                "2",
                "--parallel",
                "2",
                "--host-bandwidth",
                "12M",
                "--converge-within",
                "30",
                "--json");

        assertEquals(1, run.exitCode(), run.transcript());
        JsonNode report = JSON.readTree(run.out());
        assertEquals("virt-tune/fleet-apply", report.get("schema").asText());
        assertEquals(true, report.get("execute").asBoolean());
        assertEquals("done", report.at("/hosts/0/domains/0/result").asText());
        assertEquals("ok", report.at("/hosts/1/status").asText());
        assertEquals("failed", report.at("/hosts/2/status").asText());
        assertEquals(
                List.of(
                        "apply",
                        "/dev/stdin",
                        "--connect",
                        "qemu:///system",
                        "--json",
                        "--execute",
                        "--resume",
                        "--jobs=2",
                        "--host-bandwidth=12582912",
                        "--converge-within=30",
                        "backup01"),
                remote("ops@hv-b.args").lines().toList());
    }

    @Test
    void besideJsonEachHostsProgressEventsArePassedOnWithTheHostsNameAndTheDocumentStaysAlone() throws Exception {
        Cli run = fleet.run("apply", fleetPlan.toString(), "--execute", "--json");

        assertEquals(1, run.exitCode(), run.transcript());
        assertEquals(
                "virt-tune/fleet-apply", JSON.readTree(run.out()).get("schema").asText(), run.transcript());
        List<JsonNode> events = new java.util.ArrayList<>();
        for (String line :
                run.err().lines().filter(line -> line.startsWith("{")).toList()) {
            events.add(JSON.readTree(line));
        }
        assertEquals(4, events.size(), run.transcript());
        assertEquals(
                List.of("hv-a done", "hv-a running", "hv-b done", "hv-b running"),
                events.stream()
                        .map(event -> event.get("host").asText() + " "
                                + event.get("state").asText())
                        .sorted()
                        .toList());
        JsonNode first = events.get(0);
        java.util.Iterator<String> fields = first.fieldNames();
        assertEquals(List.of("type", "host"), List.of(fields.next(), fields.next()), "the host's name comes first");
        assertEquals("progress", first.get("type").asText());
        assertEquals("backup01", first.get("domain").asText());
        assertEquals("/dev/vg_fast/backup01-vda", first.get("target").asText());
        assertEquals(1073741824L, first.get("bytes_total").asLong());
        assertTrue(run.err().contains("[hv-a] progress goes to stderr\n"), "prose stays text: " + run.err());
    }

    @Test
    void aPersonSeesEachHostsCopiesAsALinePerTenth() throws Exception {
        Cli run = fleet.run("apply", fleetPlan.toString(), "--execute");

        assertEquals(1, run.exitCode(), run.transcript());
        // The hosts copy at once: their lines interleave, each host's in its own order.
        for (String host : List.of("hv-a", "hv-b")) {
            String prefix = "[" + host + "] [backup01]";
            assertEquals(
                    List.of(
                            prefix + "   backup01 /dev/vg_fast/backup01-vda  50% after 0:04, about 0:04 left",
                            prefix + "   backup01 /dev/vg_fast/backup01-vda 100% after 0:04"),
                    run.out().lines().filter(line -> line.startsWith(prefix)).toList(),
                    run.transcript());
        }
        assertTrue(run.out().lines().noneMatch(line -> line.contains("{")), run.transcript());
    }

    @Test
    void aWindowOfAFleetPlanIsEachHostsOwnWindowOfThatNumber() throws Exception {
        Cli run = fleet.run("apply", fleetPlan.toString(), "--limit", "hv-a", "--window", "2");

        assertEquals(0, run.exitCode(), run.transcript());
        assertEquals(
                List.of("apply", "/dev/stdin", "--connect", "qemu:///system", "--json", "--window=2"),
                remote("hv-a.args").lines().toList());
        Cli named = Cli.run("apply", fleetPlan.toString(), "backup01", "--window", "1");
        assertEquals(2, named.exitCode(), named.transcript());
        assertTrue(named.err().contains("--window chooses the domains: name none with it"), named.transcript());
    }

    @Test
    void aFleetPlanNamesItsHosts() {
        Cli run = Cli.run("apply", fleetPlan.toString(), "--connect", "qemu:///system");

        assertEquals(2, run.exitCode(), run.transcript());
        assertTrue(run.err().contains("a fleet plan names its hosts: --connect does not apply"), run.transcript());
    }

    @Test
    void limitRunsOnlyTheSelectedHostsSections() throws Exception {
        Cli run = fleet.run(
                "apply", fleetPlan.toString(), "--limit", "hv-*:!hv-a:!hv-c:!hv-down", "--resume", "--execute");

        assertEquals(0, run.exitCode(), run.transcript());
        assertTrue(run.out().contains("Fleet of 1 host: 1 applied, 0 failed"), run.transcript());
        assertTrue(run.out().matches("(?s).*\\nhv-b +backup01 +done +on ops@hv-b\\n.*"), run.transcript());
        assertTrue(!run.out().contains("hv-a"), run.transcript());
        assertEquals(List.of("ops@hv-b.args", "ops@hv-b.plan"), remoteFiles());
        assertEquals(
                List.of("apply", "/dev/stdin", "--connect", "qemu:///system", "--json", "--execute", "--resume"),
                remote("ops@hv-b.args").lines().toList());
    }

    @Test
    void aLimitThatSelectsNoHostOfTheFleetPlanIsAUsageErrorNamingIt() {
        Cli unknown = Cli.run("apply", fleetPlan.toString(), "--limit", "hv-z");
        Cli disjoint = Cli.run("apply", fleetPlan.toString(), "--limit", "hv-a:&hv-b");

        assertEquals(2, unknown.exitCode(), unknown.transcript());
        assertTrue(unknown.err().contains("--limit hv-z: 'hv-z' is neither a group nor a host"), unknown.transcript());
        assertEquals(2, disjoint.exitCode(), disjoint.transcript());
        assertTrue(
                disjoint.err()
                        .contains("--limit hv-a:&hv-b selects no host of " + fleetPlan
                                + " (its hosts: hv-a, hv-b, hv-c, hv-down)"),
                disjoint.transcript());
    }

    @Test
    void limitIsForAFleetPlan() throws Exception {
        Path one = dir.resolve("one.json");
        Files.writeString(
                one,
                PlanJson.write(FleetPlanJson.read(Files.readString(fleetPlan), "fleet")
                        .hosts()
                        .get(0)
                        .plan()
                        .orElseThrow()));

        Cli run = Cli.run("apply", one.toString(), "--limit", "hv-a");

        assertEquals(2, run.exitCode(), run.transcript());
        assertTrue(run.err().contains("--limit selects hosts of a fleet plan"), run.transcript());
    }

    private List<String> remoteFiles() throws Exception {
        try (var files = Files.list(fleet.remoteLog())) {
            return files.map(file -> file.getFileName().toString()).sorted().toList();
        }
    }

    private String remote(String file) throws Exception {
        return Files.readString(fleet.remoteLog().resolve(file));
    }

    /** What the run printed after the hosts' progress lines. */
    static String report(Cli run) {
        return run.out()
                .lines()
                .dropWhile(line -> line.startsWith("["))
                .collect(java.util.stream.Collectors.joining("\n"));
    }
}
