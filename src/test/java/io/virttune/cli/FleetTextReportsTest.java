package io.virttune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.virttune.apply.ports.DomainResult;
import io.virttune.fleet.HostResults;
import io.virttune.report.FleetResultsReport;
import io.virttune.testing.Cli;
import io.virttune.testing.Golden;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The whole text of each fleet report (inspect, plan, apply and rollback), for two recorded hosts
 * and one that fails: golden files under src/test/resources/fleet/text, so that the shape they
 * share is printed one way and none of them changes unnoticed.
 */
class FleetTextReportsTest {
    @TempDir
    static Path dir;

    private static Path inventory;

    @BeforeAll
    static void writeInventory() throws IOException {
        inventory = FleetInspectCommandTest.recordedInventory(dir);
    }

    @Test
    void inspect() {
        Cli run = Cli.run("inspect", "--hosts", inventory.toString(), "web01", "--width", "100");

        assertEquals(1, run.exitCode(), run.transcript());
        Golden.assertMatches("fleet/text/inspect.txt", run.normalizedOut());
    }

    @Test
    void plan() {
        Cli run = Cli.run("plan", "--hosts", inventory.toString(), "--vg", "vg_fast", "web01", "db01");

        assertEquals(1, run.exitCode(), run.transcript());
        Golden.assertMatches("fleet/text/plan.txt", run.normalizedOut());
    }

    @Test
    void applyAndRollback() {
        List<HostResults> hosts = List.of(
                new HostResults(
                        "hv01",
                        List.of(
                                new DomainResult("web01", DomainResult.Result.DONE, "moved 2 disks"),
                                new DomainResult(
                                        "db01",
                                        DomainResult.Result.REFUSED,
                                        "volume group vg_fast has 1 GiB free, needs 40 GiB:"
                                                + " free room or plan onto another volume group")),
                        Optional.empty()),
                HostResults.failed("hv03", "cannot reach hv03 over ssh (hv03): Connection refused"));
        StringWriter text = new StringWriter();
        PrintWriter out = new PrintWriter(text);

        FleetResultsReport.APPLY.printText(out, hosts, true, 80);
        FleetResultsReport.APPLY.printText(out, hosts, false, 0);
        FleetResultsReport.ROLLBACK.printText(out, hosts, true, 80);
        out.flush();

        Golden.assertMatches("fleet/text/results.txt", text.toString());
    }
}
