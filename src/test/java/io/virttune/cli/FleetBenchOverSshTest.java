package io.virttune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.virttune.testing.Cli;
import io.virttune.testing.RecordedFleet;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * bench of a fleet over (a stand-in) ssh: each host's own virt-tune benches its domains there,
 * given the run's choices, the results come back into one report, and a host that is down or
 * without virt-tune fails alone.
 */
class FleetBenchOverSshTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private RecordedFleet fleet;
    private Path inventory;

    @BeforeEach
    void nameTheFleet() throws Exception {
        fleet = RecordedFleet.fourHosts(dir);
        inventory = RecordedFleet.fourHostInventory(dir);
    }

    @Test
    void eachHostBenchesItsOwnDomainsAndTheUnreachableFailApart() throws Exception {
        Cli run = fleet.run("bench", "--hosts", inventory.toString(), "web*", "--label", "before", "--quick");

        assertEquals(1, run.exitCode(), run.transcript());
        String report = FleetApplyOverSshTest.report(run);
        assertTrue(report.contains("Fleet of 4 hosts: 2 benched, 2 failed"), run.transcript());
        assertTrue(
                report.matches(
                        "(?s).*\\nhv-a +web\\* +done +stored as 'before' in /var/lib/virt-tune/bench/web\\*/before"
                                + "\\.json on hv-a\\n.*"),
                run.transcript());
        assertTrue(report.matches("(?s).*\\nhv-c +- +failed +virt-tune is not installed there .*"), run.transcript());
        assertTrue(report.matches("(?s).*\\nhv-down +- +failed +cannot reach hv-down over ssh .*"), run.transcript());
        assertFalse(report.contains("Dry run"), "bench has no dry run: " + run.transcript());
        assertTrue(
                run.out().contains("[hv-a] bench: web* [before] 2 profiles"),
                "each host's progress, as it comes: " + run.transcript());
        assertEquals(
                List.of("bench", "--connect", "qemu:///system", "--json", "--label=before", "--quick", "--", "web*"),
                remote("hv-a.args"));
    }

    @Test
    void theRunsChoicesTravelToEveryHostAndTheReportIsOneJsonDocument() throws Exception {
        Cli run = fleet.run(
                "bench",
                "--hosts",
                inventory.toString(),
                "--limit",
                "hv-a:hv-b",
                "web01",
                "--label",
                "after",
                "--size",
                "64M",
                "--runtime",
                "2",
                "--loops",
                "3",
                "--scratch-disk",
                "vdb",
                "--destructive",
                "--fio",
                "/usr/local/bin/fio",
                "--state-dir",
                "/srv/bench",
                "--json");

        assertEquals(0, run.exitCode(), run.transcript());
        JsonNode report = JSON.readTree(run.out());
        assertEquals("virt-tune/fleet-bench", report.path("schema").asText());
        assertEquals(1, report.path("version").asInt());
        assertTrue(report.path("execute").isMissingNode(), run.out());
        assertEquals("hv-b", report.at("/hosts/1/name").asText());
        assertEquals("ok", report.at("/hosts/1/status").asText());
        assertEquals(
                List.of(
                        "bench",
                        "--connect",
                        "qemu:///system",
                        "--json",
                        "--label=after",
                        "--size=67108864",
                        "--runtime=2",
                        "--loops=3",
                        "--scratch-disk=vdb",
                        "--destructive",
                        "--fio=/usr/local/bin/fio",
                        "--state-dir=/srv/bench",
                        "--",
                        "web01"),
                remote("ops@hv-b.args"));
        assertTrue(run.err().contains("[hv-b]"), "progress goes to stderr beside --json: " + run.transcript());
    }

    @Test
    void theGlobsAndExclusionsOfAFleetBenchTravelToEveryHost() throws Exception {
        Cli run = fleet.run(
                "bench",
                "--hosts",
                inventory.toString(),
                "--limit",
                "hv-b",
                "--all",
                "--exclude",
                "db*",
                "--label",
                "after",
                "--json");

        assertEquals(0, run.exitCode(), run.transcript());
        assertEquals(
                List.of(
                        "bench",
                        "--connect",
                        "qemu:///system",
                        "--json",
                        "--label=after",
                        "--all",
                        "--exclude=db*",
                        "--"),
                remote("ops@hv-b.args"));
    }

    @Test
    void aFleetBenchNeedsNoConnectionAndStillChecksItsChoicesBeforeAnyHost() {
        Cli connect = Cli.run("bench", "--host", "hv-a", "web01", "--label", "x", "--connect", "qemu:///system");
        Cli device = Cli.run("bench", "--host", "hv-a", "web01", "--label", "x", "--device", "/dev/vdb");
        Cli every =
                Cli.run("bench", "--host", "hv-a", "--all", "--label", "x", "--scratch-disk", "vdb", "--destructive");

        assertEquals(2, connect.exitCode(), connect.transcript());
        assertTrue(connect.err().contains("--connect and --host-facts are one host's"), connect.transcript());
        assertEquals(3, device.exitCode(), device.transcript());
        assertTrue(
                device.err().contains("--device /dev/vdb overwrites that disk of domain 'web01'"), device.transcript());
        assertEquals(3, every.exitCode(), every.transcript());
        assertTrue(every.err().contains("name one domain, exactly (no glob, no --all)"), every.transcript());
    }

    private List<String> remote(String file) throws Exception {
        return Files.readString(fleet.remoteLog().resolve(file)).lines().toList();
    }
}
