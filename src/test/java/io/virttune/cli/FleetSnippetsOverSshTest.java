package io.virttune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.process.ProcessResult;
import io.virttune.testing.Cli;
import io.virttune.testing.RealTool;
import io.virttune.testing.RecordedFleet;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Snippets for a fleet over SSH ({@link RecordedFleet}): each host's folder holds what snippets of
 * that host alone writes, its tuning read through its own door; a host that is down is listed and
 * fails the run alone; the fleet's one playbook, one play with each host's numbers in its
 * host_vars, passes ansible-core's check mode, each host's tasks finding their own folder.
 */
class FleetSnippetsOverSshTest {
    private static final RealTool ANSIBLE =
            new RealTool(List.of("env", "LC_ALL=C.UTF-8", "ansible-playbook"), "ansible-core");

    @Test
    void eachHostGetsItsOwnFolderAndTheFleetOnePlaybook(@TempDir Path dir) throws Exception {
        Path hosts = Files.writeString(
                dir.resolve("inventory.yml"),
                String.join(
                        "\n",
                        "all:",
                        "  vars:",
                        "    virt_tune_uri: " + Cli.EXAMPLE_URI,
                        "  children:",
                        "    kvm:",
                        "      hosts:",
                        "        hv-a:",
                        "        hv-b:",
                        "          ansible_user: ops",
                        "        hv-down:",
                        "          ansible_host: 10.77.0.9",
                        ""));
        Path fleet = dir.resolve("fleet");
        Cli run = new RecordedFleet(dir.resolve("ssh"), "10.77.0.9")
                .run("snippets", "--hosts", hosts.toString(), "--format", "ansible", "--out", fleet.toString());

        assertEquals(1, run.exitCode(), run.transcript());
        assertTrue(run.out().contains("hv-down: failed: cannot reach hv-down over ssh (10.77.0.9)"), run.transcript());
        Cli alone = Cli.run(
                "snippets",
                "--connect",
                Cli.EXAMPLE_URI,
                "--host-facts",
                "examples/hv01",
                "--format",
                "ansible",
                "--out",
                dir.resolve("alone").toString());
        assertEquals(0, alone.exitCode(), alone.transcript());
        // libvirt names the host: here the test driver of the recorded host, which reports this machine.
        String hostname = Files.readString(fleet.resolve("hv-a/README.md"))
                .lines()
                .findFirst()
                .orElseThrow()
                .replace("# virt-tune snippets for ", "");
        Map<String, String> single = new TreeMap<>();
        files(dir.resolve("alone"))
                .forEach((name, text) -> single.put(name, text.replaceAll("(?<!/)hv01(?!/)", hostname)));
        assertEquals(single, files(fleet.resolve("hv-a")));
        assertTrue(Files.notExists(fleet.resolve("hv-down")));
        String index = Files.readString(fleet.resolve("README.md"));
        assertTrue(index.contains("| hv-down | none: cannot reach hv-down over ssh (10.77.0.9)"), index);
        // One play for every host; each host's numbers are its host_vars, as its own play has them.
        String site = Files.readString(fleet.resolve("site.yml"));
        assertTrue(site.contains("\n  hosts: virt_tune_hosts\n"), site);
        assertTrue(site.contains("virt_tune_files: \"{{ playbook_dir }}/{{ inventory_hostname }}\""), site);
        String hostVars = Files.readString(fleet.resolve("host_vars/hv-a.yml"));
        for (String variable : List.of("virt_tune_hugepages: ", "virt_tune_guest_lvs: ")) {
            String own = single.get("site.yml")
                    .lines()
                    .filter(line -> line.strip().startsWith(variable))
                    .findFirst()
                    .orElseThrow()
                    .strip();
            assertTrue(hostVars.lines().anyMatch(own::equals), own + " in " + hostVars);
        }
        assertTrue(
                Files.readString(fleet.resolve("inventory.ini")).contains("\nhv-a\nhv-b ansible_user=ops\n"),
                Files.readString(fleet.resolve("inventory.ini")));

        ProcessResult check = ANSIBLE.run(
                "--check",
                "--connection=local",
                "-i",
                fleet.resolve("inventory.ini").toString(),
                fleet.resolve("site.yml").toString());
        assertEquals(0, check.exitCode(), check.stdout() + check.stderr());
        for (String host : List.of("hv-a", "hv-b")) {
            assertTrue(check.stdout().matches("(?s).*\\n" + host + " +: ok=[1-9][0-9]* .*failed=0 .*"), check.stdout());
        }
    }

    private static Map<String, String> files(Path folder) {
        Map<String, String> files = new TreeMap<>();
        try (Stream<Path> all = Files.walk(folder)) {
            all.filter(Files::isRegularFile)
                    .forEach(file -> files.put(folder.relativize(file).toString(), read(file)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return files;
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
