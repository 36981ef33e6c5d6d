package io.virttune.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.virttune.process.ProcessResult;
import io.virttune.testing.RealTool;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The inventory is read as Ansible reads it: the same hosts, variables and pattern selections as
 * ansible-core's own {@code ansible-inventory} and {@code ansible --list-hosts} (Debian 12:
 * ansible-core 2.14), for an INI and a YAML inventory of the same fleet.
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

    @ParameterizedTest
    @ValueSource(strings = {"inventory.ini", "inventory.yml"})
    void everyHostHasTheVariablesAnsibleGivesIt(String file) {
        Path inventory = resource(file);
        ProcessResult listed = ANSIBLE_INVENTORY.run("-i", inventory.toString(), "--list");
        assertEquals(0, listed.exitCode(), listed.stderr());
        Map<String, Map<String, String>> expected = new TreeMap<>();
        hostVariables(listed.stdout()).fields().forEachRemaining(host -> {
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

    private static JsonNode hostVariables(String json) {
        try {
            return new ObjectMapper().readTree(json).path("_meta").path("hostvars");
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
