package io.virttune.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.virttune.process.LocalProcessRunner;
import io.virttune.process.ProcessResult;
import io.virttune.testing.Golden;
import io.virttune.testing.RealTool;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The inventory is read as Ansible reads it, checked against ansible-core's own {@code
 * ansible-inventory} and {@code ansible --list-hosts} (Debian 12: ansible-core 2.14): through
 * ansible-inventory itself, and by the own reader of an INI and a YAML inventory of the same fleet.
 */
class AnsibleInventoryToolTest {
    // Ansible refuses to start in the C locale the process runner sets.
    private static final RealTool ANSIBLE_INVENTORY = new RealTool(
            List.of("env", "LC_ALL=C.UTF-8", "ANSIBLE_INVENTORY_UNPARSED_WARNING=False", "ansible-inventory"),
            "ansible-core");
    private static final RealTool ANSIBLE = new RealTool(List.of("env", "LC_ALL=C.UTF-8", "ansible"), "ansible-core");
    private static final List<String> PATTERNS = List.of(
            "all",
            "*",
            "kvm",
            "dc",
            "ungrouped",
            "kvm:!kvm_lyon",
            "kvm:&kvm_lyon",
            "kvm_paris:hv10:!hv02.paris",
            "hv0*",
            "~hv0[12]",
            "hv*.lyon,edge01",
            "all:!kvm*",
            "!kvm_lyon:kvm",
            "edge02:&all");

    @TempDir
    Path directory;

    @Test
    void theGroupVarsOfAnInventoryReachTheHostsWithTheUrisAnsibleGivesThem() throws IOException {
        Path inventory = directory.resolve("inv.ini");
        Files.writeString(inventory, "[kvm]\nhv01\nhv02\n");
        Files.createDirectories(directory.resolve("group_vars"));
        Files.writeString(
                directory.resolve("group_vars/kvm.yml"),
                "ansible_host: 192.0.2.21\nansible_user: root\nansible_port: 2201\n"
                        + "virt_tune_uri: qemu+ssh://root@192.0.2.21:2201/system\n");
        Files.createDirectories(directory.resolve("host_vars"));
        Files.writeString(directory.resolve("host_vars/hv02.yml"), "ansible_host: 192.0.2.22\nansible_port: 22\n");

        List<FleetHost> hosts = new InventoryFile(new LocalProcessRunner(), notice -> {
                    throw new AssertionError(notice);
                })
                .read(inventory, Files.readString(inventory))
                .hosts();

        Map<String, Map<String, String>> ansible = new TreeMap<>();
        Map<String, Map<String, String>> virtTune = new TreeMap<>();
        for (FleetHost host : hosts) {
            ProcessResult answer = ANSIBLE_INVENTORY.run("-i", inventory.toString(), "--host", host.name());
            assertEquals(0, answer.exitCode(), answer.stderr());
            ansible.put(host.name(), readVariables(json(answer.stdout())));
            virtTune.put(host.name(), readVariables(host));
        }
        assertEquals(ansible, virtTune);
        assertEquals(
                List.of(
                        "root@192.0.2.21:2201 qemu+ssh://root@192.0.2.21:2201/system",
                        "root@192.0.2.22:22 " + "qemu+ssh://root@192.0.2.21:2201/system"),
                hosts.stream()
                        .map(host -> host.destination() + ":" + host.port().getAsInt() + " "
                                + host.variable("virt_tune_uri").orElseThrow())
                        .toList());
    }

    /**
     * What Ansible's ssh connection gives ssh for a host, recorded by a stand-in ssh it is told to
     * run: virt-tune gives ssh the same key file and the same words of the inventory's arguments.
     */
    @Test
    void theKeyFileAndSshArgumentsReachSshAsAnsibleGivesThem() throws IOException {
        Path inventory = directory.resolve("inv.ini");
        Files.writeString(inventory, "[kvm]\nhv01 ansible_host=192.0.2.21\n");
        Files.createDirectories(directory.resolve("group_vars"));
        Files.writeString(
                directory.resolve("group_vars/kvm.yml"),
                String.join(
                        "\n",
                        "ansible_ssh_private_key_file: ~/.ssh/kvm ed25519",
                        "ansible_ssh_common_args: '-o ProxyCommand=\"ssh -W %h:%p -q bastion\" -J \"jump#1\"'",
                        "ansible_ssh_extra_args: -o ServerAliveInterval=5 -vC",
                        ""));
        Path recorded = directory.resolve("ssh-argv");
        Path standIn = Files.writeString(
                directory.resolve("ssh"), "#!/bin/sh\nprintf '%s\\n' \"$@\" > " + recorded + "\nexit 255\n");
        standIn.toFile().setExecutable(true);

        List<String> options = new InventoryFile(new LocalProcessRunner(), notice -> {
                    throw new AssertionError(notice);
                })
                .read(inventory, Files.readString(inventory))
                .hosts()
                .get(0)
                .sshOptions();
        ProcessResult ping = ANSIBLE.run(
                "-i", inventory.toString(), "hv01", "-m", "ping", "-e", "ansible_ssh_executable=" + standIn);

        List<String> ansible = Files.readAllLines(recorded);
        assertEquals(List.of("-i", "~/.ssh/kvm ed25519"), options.subList(0, 2), ping.stdout());
        assertTrue(
                ansible.contains("IdentityFile=\"" + System.getProperty("user.home") + "/.ssh/kvm ed25519\""),
                "ssh expands ~ in -i as Ansible does in its IdentityFile: " + ansible);
        List<String> arguments = options.subList(2, options.size());
        assertEquals(
                List.of(
                        "-o",
                        "ProxyCommand=ssh -W %h:%p -q bastion",
                        "-J",
                        "jump#1",
                        "-o",
                        "ServerAliveInterval=5",
                        "-vC"),
                arguments);
        assertTrue(Collections.indexOfSubList(ansible, arguments) >= 0, ansible.toString());
    }

    @Test
    void theRecordedListsAreWhatAnsibleInventoryPrints() {
        Path recorded = resource("ansible-inventory");
        ProcessResult fleet = ANSIBLE_INVENTORY.run(
                "-i", recorded.resolve("fleet/inventory.ini").toString(), "--list");
        assertEquals(0, fleet.exitCode(), fleet.stderr());
        Golden.assertMatches("fleet/ansible-inventory/fleet.list.json", fleet.stdout());

        ProcessResult vaulted = ANSIBLE_INVENTORY.run(
                "-i", recorded.resolve("vaulted-file/inventory.ini").toString(), "--list");
        assertEquals(4, vaulted.exitCode(), vaulted.stderr());
        Golden.assertMatches("fleet/ansible-inventory/vaulted-file.err", vaulted.stderr());
    }

    /** The variables virt-tune reads, as text: what Ansible gives each host. */
    private static Map<String, String> readVariables(JsonNode variables) {
        Map<String, String> read = new TreeMap<>();
        InventoryVariables.READ.stream()
                .filter(variables::has)
                .forEach(key -> read.put(key, variables.get(key).asText()));
        return read;
    }

    private static Map<String, String> readVariables(FleetHost host) {
        Map<String, String> read = new TreeMap<>();
        InventoryVariables.READ.forEach(key -> host.variable(key).ifPresent(value -> read.put(key, value)));
        return read;
    }

    @ParameterizedTest
    @ValueSource(strings = {"inventory.ini", "inventory.yml"})
    void everyHostHasTheVariablesAnsibleGivesIt(String file) {
        Path inventory = resource(file);
        ProcessResult listed = ANSIBLE_INVENTORY.run("-i", inventory.toString(), "--list");
        assertEquals(0, listed.exitCode(), listed.stderr());
        Map<String, Map<String, String>> expected = new TreeMap<>();
        json(listed.stdout()).path("_meta").path("hostvars").fields().forEachRemaining(host -> {
            Map<String, String> variables = new TreeMap<>();
            host.getValue()
                    .fields()
                    .forEachRemaining(
                            v -> variables.put(v.getKey(), v.getValue().asText()));
            expected.put(host.getKey(), variables);
        });
        Map<String, Map<String, String>> read = new TreeMap<>();
        parse(inventory).hosts().forEach(host -> read.put(host.name(), new TreeMap<>(host.variables())));
        assertEquals(expected, read);
    }

    @ParameterizedTest
    @ValueSource(strings = {"inventory.ini", "inventory.yml"})
    void everyPatternSelectsTheHostsAnsibleSelects(String file) {
        Path inventory = resource(file);
        FleetInventory fleet = parse(inventory);
        Map<String, Set<String>> expected = new LinkedHashMap<>();
        Map<String, Set<String>> selected = new LinkedHashMap<>();
        for (String pattern : PATTERNS) {
            ProcessResult listed = ANSIBLE.run("-i", inventory.toString(), pattern, "--list-hosts");
            assertEquals(0, listed.exitCode(), pattern + ": " + listed.stderr());
            expected.put(
                    pattern,
                    Arrays.stream(listed.stdout().split("\n"))
                            .map(String::strip)
                            .filter(line -> !line.isEmpty() && !line.startsWith("hosts ("))
                            .collect(Collectors.toCollection(TreeSet::new)));
            selected.put(
                    pattern,
                    fleet.limit(pattern).stream().map(FleetHost::name).collect(Collectors.toCollection(TreeSet::new)));
        }
        assertEquals(expected, selected);
    }

    private static JsonNode json(String text) {
        try {
            return new ObjectMapper().readTree(text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static FleetInventory parse(Path inventory) {
        try {
            return FleetInventory.parse(
                    Files.readString(inventory), inventory.getFileName().toString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Path resource(String name) {
        return Path.of("src/test/resources/fleet", name).toAbsolutePath();
    }
}
