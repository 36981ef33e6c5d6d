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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * bench and bench compare through Main: the refusals and usage errors raised before any guest is
 * touched, and compare on the lab's recorded before/after results (golden text).
 */
class BenchCommandTest {
  private static final String RECORDED = "src/test/resources/io/virttune/bench";

  @TempDir Path dir;

  @Test
  void aDeviceWithoutDestructiveIsRefusedBeforeConnecting() {
    Cli run = Cli.run("bench", "-c", "test:///nonexistent", "web1", "--label", "before", "--device", "/dev/vdb");

    assertEquals(3, run.exitCode(), run.err());
    assertEquals("virt-tune: --device /dev/vdb overwrites that disk of domain 'web1'; if it is a scratch disk"
        + " holding no data, add --destructive\n", run.err());
  }

  @Test
  void usageErrorsExitTwo() {
    assertEquals(2, Cli.run("bench", "web1").exitCode());
    assertEquals(2, Cli.run("bench", "--label", "x").exitCode());
    assertEquals(2, Cli.run("bench", "web1", "--label", "../x").exitCode());
    assertEquals(2, Cli.run("bench", "web1", "--label", "x", "--file", "/a", "--device", "/dev/vdb").exitCode());
    assertEquals(2, Cli.run("bench", "web1", "--label", "x", "--destructive").exitCode());
    assertEquals(2, Cli.run("bench", "web1", "--label", "x", "--runtime", "0").exitCode());
    assertEquals(2, Cli.run("bench", "compare", "web1", "before").exitCode());
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

    Cli run = Cli.run("bench", "compare", "guest-io", "before", "after", "--state-dir", RECORDED, "--json",
        "--html", html.toString());

    assertEquals(0, run.exitCode(), run.err());
    JsonNode json = new ObjectMapper().readTree(run.out());
    assertEquals("virt-tune/bench-compare", json.path("schema").asText());
    assertEquals(1, json.path("version").asInt());
    assertEquals(4, json.path("changes").size());
    assertEquals("sata", json.path("before").path("disk").path("bus").asText());
    assertEquals("virtio", json.path("after").path("disk").path("bus").asText());
    assertTrue(json.path("changes").get(2).path("p99LatencyMicros").path("loss").asBoolean());
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
