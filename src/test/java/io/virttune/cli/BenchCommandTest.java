package io.virttune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.virttune.testing.Cli;
import io.virttune.testing.Golden;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * bench and bench compare through Main: the refusals and usage errors raised before any guest is
 * touched, and compare on the lab's recorded before/after results (golden text).
 */
class BenchCommandTest {
    private static final String RECORDED = "src/test/resources/io/virttune/bench";

    @TempDir
    Path dir;

    @Test
    void aDeviceWithoutDestructiveIsRefusedBeforeConnecting() {
        Cli run = Cli.run("bench", "-c", "test:///nonexistent", "web1", "--label", "before", "--device", "/dev/vdb");

        assertEquals(3, run.exitCode(), run.err());
        assertEquals(
                "virt-tune: --device /dev/vdb overwrites that disk of domain 'web1'; if it is a scratch disk"
                        + " holding no data, add --destructive\n",
                run.err());
    }

    @Test
    void globsPickAmongTheRunningDomainsAndEachFailureIsThatDomainsAlone() throws Exception {
        Cli run = Cli.run(
                "bench",
                "db*",
                "ci-runner",
                "--label",
                "before",
                "-c",
                Cli.EXAMPLE_URI,
                "--state-dir",
                dir.toString(),
                "--json");

        assertEquals(1, run.exitCode(), run.transcript());
        JsonNode document = new ObjectMapper().readTree(run.out());
        assertEquals("virt-tune/bench-run", document.path("schema").asText());
        assertEquals(1, document.path("version").asInt());
        assertTrue(document.path("execute").isMissingNode(), "bench has no dry run: " + run.out());
        List<String> names = new ArrayList<>();
        document.path("domains").forEach(domain -> names.add(domain.path("name").asText()));
        // db01-03 run in the example, so the glob picks them; ci-runner is shut off but named.
        assertEquals(List.of("db01", "db02", "db03", "ci-runner"), names);
        document.path("domains")
                .forEach(domain -> assertEquals("failed", domain.path("result").asText()));
        assertEquals(
                "domain 'ci-runner' is shut off; bench measures a running guest: start it first",
                document.at("/domains/3/detail").asText());
        assertTrue(document.at("/domains/0/detail").asText().startsWith("guest agent of domain 'db01': "), run.out());
        assertTrue(run.err().contains("virt-tune: domain 'ci-runner' is shut off"), run.err());
    }

    @Test
    void severalDomainsEndWithATableOfWhatWasStoredForEach() {
        Cli run = Cli.run(
                "bench", "db01", "web01", "--label", "before", "-c", Cli.EXAMPLE_URI, "--state-dir", dir.toString());

        assertEquals(1, run.exitCode(), run.transcript());
        assertTrue(
                run.out()
                        .matches("(?s)\nDOMAIN +RESULT +DETAIL\ndb01 +failed +guest agent of domain 'db01': .*"
                                + "\nweb01 +failed +domain 'web01' is shut off; .*"),
                run.out());
    }

    @Test
    void aGlobThatMatchesNoRunningDomainFails() {
        Cli run = Cli.run("bench", "web*", "--label", "before", "-c", Cli.EXAMPLE_URI, "--state-dir", dir.toString());

        assertEquals(1, run.exitCode(), run.transcript());
        assertEquals("virt-tune: no domain matches 'web*'\n", run.err());
    }

    @Test
    void aScratchDiskWithoutDestructiveIsRefusedBeforeConnecting() {
        Cli run = Cli.run("bench", "-c", "test:///nonexistent", "web1", "--label", "before", "--scratch-disk", "vdb");

        assertEquals(3, run.exitCode(), run.err());
        assertEquals(
                "virt-tune: --scratch-disk vdb overwrites that disk of domain 'web1'; if it is a scratch disk"
                        + " holding no data, add --destructive\n",
                run.err());
    }

    @Test
    void usageErrorsExitTwo() {
        assertEquals(2, Cli.run("bench", "web1").exitCode());
        assertEquals(2, Cli.run("bench", "--label", "x").exitCode());
        assertEquals(2, Cli.run("bench", "web1", "--label", "../x").exitCode());
        assertEquals(
                2,
                Cli.run("bench", "web1", "--label", "x", "--file", "/a", "--device", "/dev/vdb")
                        .exitCode());
        assertEquals(
                2, Cli.run("bench", "web1", "--label", "x", "--destructive").exitCode());
        assertEquals(
                2, Cli.run("bench", "web1", "--label", "x", "--runtime", "0").exitCode());
        assertEquals(2, Cli.run("bench", "compare", "web1", "before").exitCode());
        assertEquals(2, Cli.run("bench", "--all", "web1", "--label", "x").exitCode());
        assertEquals(
                2,
                Cli.run(
                                "bench",
                                "web1",
                                "--label",
                                "x",
                                "--scratch-disk",
                                "vdb",
                                "--device",
                                "/dev/vdb",
                                "--destructive")
                        .exitCode());
        assertEquals(
                2,
                Cli.run("bench", "web1", "--label", "x", "--scratch-disk", "vdb", "--disk", "vda", "--destructive")
                        .exitCode());
    }

    /** fio would run here, on this machine's disk, and call it hv02's: the ceiling is measured only on its own host. */
    @Test
    void aHostCeilingOfAnotherHostIsRefusedBeforeConnecting() {
        for (String uri : List.of("qemu+ssh://ops@hv02/system", "qemu+tcp://hv02/system")) {
            Cli run = Cli.run(
                    "bench",
                    "-c",
                    uri,
                    "web1",
                    "--label",
                    "before",
                    "--host-ceiling",
                    dir.resolve("ceiling").toString());

            assertEquals(3, run.exitCode(), run.transcript());
            assertTrue(
                    run.err()
                            .contains("--host-ceiling measures the disks of the machine bench runs on, not those of "
                                    + uri + " (rule: a host's ceiling is measured on that host)"),
                    run.transcript());
            assertFalse(run.err().contains("cannot connect"), run.transcript());
        }
    }

    @Test
    void anExistingHostCeilingFileIsNeverOverwritten() throws Exception {
        Path existing = Files.writeString(dir.resolve("data"), "keep me");

        Cli run = Cli.run("bench", "web1", "--label", "x", "--host-ceiling", existing.toString());

        assertEquals(3, run.exitCode(), run.err());
        assertEquals("keep me", Files.readString(existing));
    }

    @Test
    void comparePrintsTheAlignedTableTheAveragesAndTheLosses() {
        Cli run = Cli.run("bench", "compare", "guest-io", "before", "after", "--state-dir", RECORDED);

        assertEquals(0, run.exitCode(), run.err());
        Golden.assertMatches("bench/compare-guest-io.txt", run.out());
    }

    @Test
    void compareAsJsonAndHtml() throws Exception {
        Path html = dir.resolve("report.html");

        Cli run = Cli.run(
                "bench",
                "compare",
                "guest-io",
                "before",
                "after",
                "--state-dir",
                RECORDED,
                "--json",
                "--html",
                html.toString());

        assertEquals(0, run.exitCode(), run.err());
        JsonNode json = new ObjectMapper().readTree(run.out());
        assertEquals("virt-tune/bench-compare", json.path("schema").asText());
        assertEquals(1, json.path("version").asInt());
        assertEquals(4, json.path("changes").size());
        assertEquals("sata", json.path("before").path("disk").path("bus").asText());
        assertEquals("virtio", json.path("after").path("disk").path("bus").asText());
        assertTrue(json.path("changes")
                .get(2)
                .path("p99LatencyMicros")
                .path("loss")
                .asBoolean());
        assertFalse(json.path("changes").get(2).path("iops").path("loss").asBoolean());
        assertTrue(Files.readString(html).startsWith("<!DOCTYPE html>"));
    }

    @Test
    void aMissingLabelNamesTheStoredOnes() {
        Cli run = Cli.run("bench", "compare", "guest-io", "before", "later", "--state-dir", RECORDED);

        assertEquals(1, run.exitCode());
        assertTrue(run.err().contains("no bench result 'later' for domain 'guest-io'"), run.err());
        assertTrue(run.err().contains("(stored labels: after, before)"), run.err());
    }
}
