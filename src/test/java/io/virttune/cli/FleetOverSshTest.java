package io.virttune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.virttune.testing.Cli;
import io.virttune.testing.RecordedFleet;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The whole plumbing of a fleet inspect over SSH ({@link RecordedFleet}): host facts arrive through
 * ssh's argv and the remote shell, a host ssh cannot reach fails alone, and an inventory's hosts are
 * reached where Ansible reaches them, or where virt-tune's own reader says without Ansible.
 */
class FleetOverSshTest {
    @Test
    void hostFactsReadOverSshEqualTheRecordedHostsAndAnUnreachableHostFailsAlone(@TempDir Path dir) throws Exception {
        Path hosts = Files.writeString(
                dir.resolve("hosts"),
                String.join(
                        "\n",
                        "hv-a virt_tune_uri=" + Cli.EXAMPLE_URI,
                        "hv-down ansible_host=10.77.0.9 virt_tune_uri=" + Cli.EXAMPLE_URI,
                        ""));

        Path page = dir.resolve("fleet.html");
        Cli fleetRun = new RecordedFleet(dir.resolve("fleet"), "10.77.0.9")
                .run("inspect", "--hosts", hosts.toString(), "--json", "--html", page.toString());
        String out = fleetRun.out();

        assertEquals(1, fleetRun.exitCode(), fleetRun.transcript());
        ObjectMapper json = new ObjectMapper();
        JsonNode fleet = json.readTree(out).get("hosts");
        assertEquals("ok", fleet.get(0).get("status").asText(), out);
        JsonNode alone = json.readTree(
                Cli.run("inspect", "--connect", Cli.EXAMPLE_URI, "--host-facts", "examples/hv01", "--json")
                        .out());
        for (String fact : List.of("lvm", "kernelCommandLine", "memTotalBytes", "blockDevices", "hugepages")) {
            assertTrue(alone.get("host").has(fact), fact);
            assertEquals(
                    alone.get("host").get(fact),
                    fleet.get(0).get("inspect").get("host").get(fact),
                    fact);
        }
        assertEquals(alone.get("findings"), fleet.get(0).get("inspect").get("findings"));
        assertEquals("failed", fleet.get(1).get("status").asText());
        String html = Files.readString(page);
        assertTrue(
                html.contains("<title>virt-tune inspect: a fleet of 2 hosts</title>")
                        && html.contains("<tr class=\"failed\"><td>hv-down</td><td>failed</td>"),
                html);
        assertEquals(
                "cannot reach hv-down over ssh (10.77.0.9): ssh to 10.77.0.9: ssh: connect to host 10.77.0.9"
                        + " port 22: Connection refused (check it with: ssh 10.77.0.9 true)",
                fleet.get(1).get("error").asText());
    }

    @Test
    void withoutAnsibleVirtTunesOwnReaderReadsTheInventoryAndSaysSoOnce(@TempDir Path dir) throws Exception {
        Path hosts = Files.writeString(
                dir.resolve("hosts"),
                "[kvm]\nhv-a virt_tune_uri=" + Cli.EXAMPLE_URI + "\nhv-b virt_tune_uri=" + Cli.EXAMPLE_URI + "\n");

        Cli fleetRun = new RecordedFleet(dir.resolve("fleet"))
                .withoutAnsible()
                .run("inspect", "--hosts", hosts.toString(), "--limit", "kvm", "--json");

        JsonNode fleet = new ObjectMapper().readTree(fleetRun.out()).get("hosts");
        assertEquals(
                List.of("ok", "ok"),
                List.of(
                        fleet.get(0).get("status").asText(),
                        fleet.get(1).get("status").asText()),
                fleetRun.transcript());
        assertEquals(
                List.of("virt-tune: ansible-inventory is not installed (apt-get install ansible-core), so " + hosts
                        + " is read by virt-tune's own INI and YAML reader, which does not read group_vars/ and"
                        + " host_vars/, inventory plugins and scripts, vaulted values or Jinja templates"),
                fleetRun.err().lines().filter(line -> line.contains("ansible")).toList());
    }

    @Test
    void theHostsOfAnInventoryAreReachedWhereItsGroupVarsSayAsAnsibleReachesThem(@TempDir Path dir) throws Exception {
        Path hosts = Files.writeString(dir.resolve("inv.ini"), "[kvm]\nhv01\n");
        Files.createDirectories(dir.resolve("group_vars"));
        Files.writeString(dir.resolve("group_vars/kvm.yml"), "ansible_host: 10.77.0.21\nansible_user: ops\n");

        Cli fleetRun = new RecordedFleet(dir.resolve("fleet"), "ops@10.77.0.21")
                .run("inspect", "--hosts", hosts.toString(), "--json");

        assertEquals(1, fleetRun.exitCode(), fleetRun.transcript());
        assertEquals(
                "cannot reach hv01 over ssh (ops@10.77.0.21): ssh to ops@10.77.0.21: ssh: connect to host ops@10.77.0.21"
                        + " port 22: Connection refused (check it with: ssh ops@10.77.0.21 true)",
                new ObjectMapper()
                        .readTree(fleetRun.out())
                        .get("hosts")
                        .get(0)
                        .get("error")
                        .asText());
    }

    /** An operator whose playbooks reach the hosts through a key and a jump host reaches them so with virt-tune. */
    @Test
    void theKeyFileAndSshArgumentsOfAnInventoryReachSshAsAnsibleGivesThem(@TempDir Path dir) throws Exception {
        Path hosts = Files.writeString(dir.resolve("inv.ini"), "[kvm]\nhv01\n");
        Files.createDirectories(dir.resolve("group_vars"));
        Files.writeString(
                dir.resolve("group_vars/kvm.yml"),
                String.join(
                        "\n",
                        "ansible_host: 10.77.0.21",
                        "ansible_user: ops",
                        "ansible_ssh_private_key_file: ~/.ssh/kvm_ed25519",
                        "ansible_ssh_common_args: '-o ProxyCommand=\"ssh -W %h:%p -q bastion\"'",
                        "ansible_ssh_extra_args: -o ConnectTimeout=5",
                        "virt_tune_uri: " + Cli.EXAMPLE_URI,
                        ""));
        RecordedFleet fleet = new RecordedFleet(dir.resolve("fleet"));

        Cli fleetRun = fleet.run("inspect", "--hosts", hosts.toString(), "--json");

        assertEquals(0, fleetRun.exitCode(), fleetRun.transcript());
        List<String> argv = Files.readAllLines(fleet.sshArgv("ops@10.77.0.21"));
        int destination = argv.indexOf("ops@10.77.0.21");
        assertEquals(
                List.of(
                        "-i",
                        "~/.ssh/kvm_ed25519",
                        "-o",
                        "ProxyCommand=ssh -W %h:%p -q bastion",
                        "-o",
                        "ConnectTimeout=5",
                        "ops@10.77.0.21",
                        "--"),
                argv.subList(destination - 6, destination + 2),
                String.join(" ", argv));
    }
}
