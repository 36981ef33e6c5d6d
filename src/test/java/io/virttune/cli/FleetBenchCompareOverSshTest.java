package io.virttune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.virttune.testing.Cli;
import io.virttune.testing.RecordedFleet;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * bench compare of a fleet over (a stand-in) ssh: each host's stored runs (the lab's recorded
 * before and after of one guest, under a domain name of each host's own) are read where that
 * host's bench stored them, into one report with a row per host; a host that is down, or that
 * stored nothing to compare, fails alone.
 */
class FleetBenchCompareOverSshTest {
    private static final Path RECORDED = Path.of("src/test/resources/io/virttune/bench/guest-io");
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private RecordedFleet fleet;
    private Path inventory;

    @BeforeEach
    void storeRunsOnTheHosts() throws Exception {
        inventory = Files.writeString(
                dir.resolve("inventory.ini"),
                String.join(
                        "\n", "[kvm]", "hv-a", "hv-b ansible_user=ops", "hv-c", "hv-down ansible_host=10.77.0.9", ""));
        Path hvA = dir.resolve("hv-a");
        store(hvA, "web01", "before", "after");
        store(hvA, "web02", "before");
        // Something else in the state directory spoils no comparison.
        Files.writeString(hvA.resolve("host/var/lib/virt-tune/bench/notes.txt"), "moved web03 on Monday\n");
        Path hvB = dir.resolve("hv-b");
        store(hvB, "db01", "before", "after");
        fleet = new RecordedFleet(dir.resolve("ssh"), "10.77.0.9")
                .serving("hv-a", hvA)
                .serving("ops@hv-b", hvB)
                .serving(
                        "hv-c",
                        Files.createDirectories(dir.resolve("hv-c/host")).getParent());
    }

    /** The recorded run of each label, stored on a host as its bench stores it, under {@code domain}. */
    private static void store(Path host, String domain, String... labels) throws IOException {
        Path stored = Files.createDirectories(
                host.resolve("host/var/lib/virt-tune/bench").resolve(domain));
        for (String label : labels) {
            Files.writeString(
                    stored.resolve(label + ".json"),
                    Files.readString(RECORDED.resolve(label + ".json"))
                            .replace("\"domain\" : \"vt-bench\"", "\"domain\" : \"" + domain + "\""));
        }
    }

    @Test
    void eachHostsRunsAreComparedWhereTheyWereStoredAndOneReportHasThemAll() throws Exception {
        Path html = dir.resolve("fleet-bench.html");

        Cli run = fleet.run(
                "bench", "compare", "--hosts", inventory.toString(), "before", "after", "--html", html.toString());

        assertEquals(1, run.exitCode(), run.transcript());
        String out = run.out();
        assertTrue(
                out.startsWith("Bench before -> after on every host\nFleet of 4 hosts: 2 compared, 2 failed\n"), out);
        assertTrue(out.matches("(?s).*\\n  hv-a +1 +\\+\\d+% +\\+\\d+% +\\d+\\n.*"), out);
        assertTrue(out.matches("(?s).*\\n  \\(all hosts\\) +2 +.*"), out);
        assertTrue(
                out.contains("  hv-c: no domain has both a 'before' and an 'after' run in /var/lib/virt-tune/bench on"
                        + " hv-c\n"),
                out);
        assertTrue(out.contains("  hv-down: cannot reach hv-down over ssh"), out);
        assertTrue(out.contains("=== hv-a ===\nDomain web01: before -> after\n"), out);
        assertTrue(
                out.contains("Not compared: notes.txt (unreadable: Cannot read /var/lib/virt-tune/bench/notes.txt/"),
                out);
        assertTrue(out.contains(", web02 (no 'after' run)\n"), out);
        assertTrue(out.contains("=== hv-b ===\nDomain db01: before -> after\n"), out);
        String page = Files.readString(html);
        assertTrue(page.contains("2 domains compared on 2 hosts (2 failed)"), page);
        assertTrue(page.contains("<h2 id=\"host-hv-b\">hv-b</h2>"), page);
    }

    @Test
    void theJsonReportHoldsEachDomainsComparisonDocument() throws Exception {
        Cli run = fleet.run(
                "bench",
                "compare",
                "--hosts",
                inventory.toString(),
                "--limit",
                "hv-a",
                "web*",
                "before",
                "after",
                "--json");

        assertEquals(0, run.exitCode(), run.transcript());
        JsonNode report = JSON.readTree(run.out());
        assertEquals("virt-tune/fleet-bench-compare", report.path("schema").asText());
        assertEquals("hv-a", report.at("/hosts/0/name").asText());
        assertEquals(
                "virt-tune/bench-compare",
                report.at("/hosts/0/domains/0/schema").asText());
        assertEquals("web01", report.at("/hosts/0/domains/0/domain").asText());
        assertEquals(
                "web02 (no 'after' run)", report.at("/hosts/0/notCompared/1").asText());
        assertEquals(
                report.at("/hosts/0/domains/0/meanIopsChangePercent/read").asDouble(),
                report.at("/meanIopsChangePercent/read").asDouble(),
                1e-9,
                "one domain: the fleet's average is its own");
    }

    @Test
    void oneHostsCompareNeedsItsDomainAndAFleetsStateDirIsAbsolute() {
        Cli oneHost = Cli.run("bench", "compare", "before", "after");
        Cli relative = Cli.run("bench", "compare", "--host", "hv-a", "before", "after", "--state-dir", "bench");

        assertEquals(2, oneHost.exitCode(), oneHost.transcript());
        assertTrue(oneHost.err().contains("Missing required parameter: 'AFTER'"), oneHost.transcript());
        assertEquals(2, relative.exitCode(), relative.transcript());
        assertTrue(relative.err().contains("give an absolute path, not bench"), relative.transcript());
    }
}
