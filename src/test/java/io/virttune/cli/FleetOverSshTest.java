package io.virttune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.virttune.testing.Cli;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The whole plumbing of a fleet inspect over SSH, in a virt-tune process whose PATH starts with a
 * fake {@code ssh} serving the bundled example's recorded host: host facts arrive through ssh's
 * argv and the remote shell, and a host ssh cannot reach fails alone.
 */
class FleetOverSshTest {
  private static final Path FAKE_SSH = Path.of("src/test/resources/fleet/recorded-host-ssh").toAbsolutePath();

  @Test
  void hostFactsReadOverSshEqualTheRecordedHostsAndAnUnreachableHostFailsAlone(@TempDir Path dir) throws Exception {
    Files.createSymbolicLink(Files.createDirectory(dir.resolve("bin")).resolve("ssh"), FAKE_SSH);
    Path hosts = Files.writeString(dir.resolve("hosts"), String.join("\n",
        "hv-a virt_tune_uri=" + Cli.EXAMPLE_URI,
        "hv-down ansible_host=10.77.0.9 virt_tune_uri=" + Cli.EXAMPLE_URI, ""));

    ProcessBuilder virtTune = new ProcessBuilder(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"), Main.class.getName(),
        "inspect", "--hosts", hosts.toString(), "--json");
    virtTune.environment().put("PATH", dir.resolve("bin") + ":" + System.getenv("PATH"));
    virtTune.environment().put("FLEET_RECORDED_HOST", Path.of("examples/hv01").toAbsolutePath().toString());
    virtTune.environment().put("FLEET_UNREACHABLE", "10.77.0.9");
    virtTune.environment().put("XDG_RUNTIME_DIR", dir.toString());
    virtTune.redirectError(dir.resolve("stderr").toFile());
    Process process = virtTune.start();
    String out = new String(process.getInputStream().readAllBytes());
    assertTrue(process.waitFor(60, TimeUnit.SECONDS));

    assertEquals(1, process.exitValue(), out + Files.readString(dir.resolve("stderr")));
    ObjectMapper json = new ObjectMapper();
    JsonNode fleet = json.readTree(out).get("hosts");
    assertEquals("ok", fleet.get(0).get("status").asText(), out);
    JsonNode alone = json.readTree(
        Cli.run("inspect", "--connect", Cli.EXAMPLE_URI, "--host-facts", "examples/hv01", "--json").out());
    for (String fact : List.of("lvm", "kernelCommandLine", "memTotalBytes", "blockDevices", "hugepages")) {
      assertTrue(alone.get("host").has(fact), fact);
      assertEquals(alone.get("host").get(fact), fleet.get(0).get("inspect").get("host").get(fact), fact);
    }
    assertEquals(alone.get("findings"), fleet.get(0).get("inspect").get("findings"));
    assertEquals("failed", fleet.get(1).get("status").asText());
    assertEquals("cannot reach hv-down over ssh (10.77.0.9): ssh to 10.77.0.9: ssh: connect to host 10.77.0.9"
        + " port 22: Connection refused (check it with: ssh 10.77.0.9 true)", fleet.get(1).get("error").asText());
  }
}
