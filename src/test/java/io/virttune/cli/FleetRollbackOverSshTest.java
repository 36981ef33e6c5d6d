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
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * rollback of a fleet over (a stand-in) ssh: each host's own virt-tune rolls back there, given the
 * run's options, the results come back into one report, a host that is down or without virt-tune
 * fails alone, and --force is confirmed once, here, for the whole fleet.
 */
class FleetRollbackOverSshTest {
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
    void aDryRunRollsBackOnEveryHostAndFailsTheUnreachableApart() throws Exception {
        Cli run = fleet.run("rollback", "--hosts", inventory.toString(), "web01");

        assertEquals(1, run.exitCode(), run.transcript());
        assertTrue(
                FleetApplyOverSshTest.report(run)
                        .startsWith("Dry run on every host: nothing is changed. Add --execute to roll back."),
                run.transcript());
        assertTrue(run.out().contains("Fleet of 4 hosts: 2 checked (dry run), 2 failed"), run.transcript());
        assertTrue(
                run.out().matches("(?s).*\\nhv-a +web01 +nothing to do +virt-tune never applied anything to it\\n.*"),
                run.transcript());
        assertTrue(run.out().matches("(?s).*\\nhv-b +web01 +nothing to do +.*"), run.transcript());
        assertTrue(
                run.out().matches("(?s).*\\nhv-c +- +failed +virt-tune is not installed there .*"), run.transcript());
        assertTrue(
                run.out().matches("(?s).*\\nhv-down +- +failed +cannot reach hv-down over ssh .*"), run.transcript());
        assertEquals(List.of("rollback", "--connect", "qemu:///system", "--json", "web01"), remote("hv-a.args"));
        assertEquals(List.of("rollback", "--connect", "qemu:///system", "--json", "web01"), remote("ops@hv-b.args"));
    }

    @Test
    void aHostWhoseConnectionDropsMidRollbackHasAnUnknownOutcomeNotAFailure() throws Exception {
        Cli run = fleet.run(
                "rollback",
                "--hosts",
                inventory.toString(),
                "--limit",
                "hv-a",
                "connection-drops",
                "--execute",
                "--force",
                "--yes");

        assertEquals(1, run.exitCode(), run.transcript());
        assertTrue(
                run.out()
                        .matches("(?s).*\\nhv-a +- +failed +outcome unknown: the ssh connection was lost while its"
                                + " virt-tune rollback ran \\(.*Broken pipe\\); it may still be running there.*"),
                run.transcript());
    }

    @Test
    void anExecutedForcedRollbackOfSomeHostsPassesTheRunsChoicesAndReportsAsJson() throws Exception {
        Cli run = fleet.run(
                "rollback",
                "--hosts",
                inventory.toString(),
                "--limit",
                "hv-a,hv-b",
                "--parallel",
                "2",
                "web*",
                "--exclude",
                "web02",
                "--state-dir",
                "/srv/virt-tune",
                "--execute",
                "--force",
                "--yes",
                "--json");

        assertEquals(0, run.exitCode(), run.transcript());
        JsonNode report = JSON.readTree(run.out());
        assertEquals(List.of("schema", "version"), fieldNames(report).subList(0, 2));
        assertEquals("virt-tune/fleet-rollback", report.get("schema").asText());
        assertEquals(1, report.get("version").asInt());
        assertTrue(report.get("execute").asBoolean());
        assertEquals(2, report.get("hosts").size());
        assertEquals("hv-b", report.at("/hosts/1/name").asText());
        assertEquals("ok", report.at("/hosts/1/status").asText());
        assertEquals("nothing_to_do", report.at("/hosts/1/domains/0/result").asText());
        assertEquals(
                List.of(
                        "rollback",
                        "--connect",
                        "qemu:///system",
                        "--json",
                        "--execute",
                        "--state-dir=/srv/virt-tune",
                        "--force",
                        "--yes",
                        "--exclude=web02",
                        "web*"),
                remote("ops@hv-b.args"));
        assertFalse(Files.exists(fleet.remoteLog().resolve("10.77.0.7.args")), "hv-c is not selected");
    }

    @Test
    void theHostsOfAFleetPlanAreAFleetToRollBack() throws Exception {
        Path hosts = Files.writeString(
                dir.resolve("planned.ini"),
                String.join(
                        "\n",
                        "[kvm]",
                        "hv-a",
                        "hv-b ansible_user=ops ansible_port=2222",
                        "",
                        "[kvm:vars]",
                        "virt_tune_uri=" + Cli.EXAMPLE_URI,
                        ""));
        Path fleetPlan = dir.resolve("fleet.json");
        assertEquals(
                0,
                fleet.run(
                                "plan",
                                "--all",
                                "--hosts",
                                hosts.toString(),
                                "--vg",
                                "vg_fast",
                                "--out",
                                fleetPlan.toString())
                        .exitCode());

        Cli run = fleet.run("rollback", "--hosts", fleetPlan.toString(), "--limit", "hv-b", "--all");

        assertEquals(0, run.exitCode(), run.transcript());
        assertTrue(run.out().contains("Fleet of 1 host: 1 checked (dry run), 0 failed"), run.transcript());
        assertEquals(List.of("rollback", "--connect", "qemu:///system", "--json", "--all"), remote("ops@hv-b.args"));
    }

    @Test
    void aHostWhoseRollbackPrintsNoResultsFailsWithItsLastMessage() throws Exception {
        Cli run = fleet.run("rollback", "--hosts", inventory.toString(), "--limit", "hv-a", "no-such-domain");

        assertEquals(1, run.exitCode(), run.transcript());
        assertTrue(
                run.out()
                        .matches("(?s).*\\nhv-a +- +failed +its virt-tune rollback exited 1: virt-tune: no domain"
                                + " matches 'no-such-domain'\\n.*"),
                run.transcript());
    }

    @Test
    void forceWithoutATerminalNeedsYesAndNoHostIsContacted() throws Exception {
        Cli run = fleet.run("rollback", "--hosts", inventory.toString(), "web01", "--execute", "--force");

        assertEquals(3, run.exitCode(), run.transcript());
        assertTrue(run.err().contains("there is no terminal to confirm on: pass --yes to go ahead"), run.transcript());
        assertFalse(Files.exists(fleet.remoteLog()), "no host's virt-tune ran");
    }

    @Test
    void forceOnATerminalIsAskedOnceForTheWholeFleet() {
        List<String> asked = new ArrayList<>();

        Cli run = Cli.runAt(
                question -> {
                    asked.add(question);
                    return Optional.of("n");
                },
                "rollback",
                "--host",
                "hv-a",
                "--host",
                "ops@hv-b",
                "web01",
                "db*",
                "--execute",
                "--force");

        assertEquals(3, run.exitCode(), run.transcript());
        assertEquals(
                List.of("rollback --force discards what web01, db* wrote on the new disks since apply, on 2 hosts"
                        + " (hv-a, ops@hv-b). Go on? [y/N] "),
                asked);
        assertTrue(run.err().contains("not confirmed: nothing was changed"), run.transcript());
    }

    @Test
    void aFleetRollbackNamesItsDomainsAndNoConnectionAndLimitNeedsHosts() {
        Cli nothing = Cli.run("rollback", "--host", "hv-a");
        Cli connect = Cli.run("rollback", "--host", "hv-a", "web01", "--connect", "qemu:///system");
        Cli limitAlone = Cli.run("rollback", "web01", "--limit", "hv-a");

        assertEquals(2, nothing.exitCode(), nothing.transcript());
        assertTrue(nothing.err().contains("name the domains, or --all"), nothing.transcript());
        assertEquals(2, connect.exitCode(), connect.transcript());
        assertTrue(connect.err().contains("--connect is one host's"), connect.transcript());
        assertEquals(2, limitAlone.exitCode(), limitAlone.transcript());
        assertTrue(
                limitAlone.err().contains("--limit selects from an inventory: give it with --hosts FILE"),
                limitAlone.transcript());
    }

    private List<String> remote(String file) throws Exception {
        return Files.readString(fleet.remoteLog().resolve(file)).lines().toList();
    }

    private static List<String> fieldNames(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }
}
