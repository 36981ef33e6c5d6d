package io.virttune.fleet;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.virttune.VirtTuneException;
import java.util.HashSet;
import java.util.Set;

/**
 * Reads what {@code ansible-inventory --list} prints: its groups with their hosts and children, and
 * each host's variables, already merged by Ansible, from {@code _meta.hostvars}.
 */
final class AnsibleInventoryList {
    private static final String META = "_meta";

    private final String source;

    AnsibleInventoryList(String source) {
        this.source = source;
    }

    FleetInventory read(String json) {
        JsonNode root;
        try {
            root = new ObjectMapper().readTree(json);
        } catch (JacksonException e) {
            throw VirtTuneException.failed(
                    "ansible-inventory --list of " + source + " printed no JSON: " + e.getOriginalMessage());
        }
        FleetInventory inventory = new FleetInventory(source);
        Set<String> read = new HashSet<>();
        // From all down, each group's hosts before its children, as the inventory names them: the
        // groups' own keys come sorted by name, so they only catch a group no other one names.
        walk(root, FleetInventory.ALL, inventory, read);
        root.fieldNames().forEachRemaining(group -> {
            if (!group.equals(META)) {
                walk(root, group, inventory, read);
            }
        });
        return inventory;
    }

    private void walk(JsonNode root, String group, FleetInventory inventory, Set<String> read) {
        if (!read.add(group)) {
            return;
        }
        inventory.declare(group);
        JsonNode body = root.path(group);
        JsonNode hostVariables = root.path(META).path("hostvars");
        body.path("hosts")
                .forEach(host -> inventory.addHost(
                        group, host.asText(), InventoryVariables.of(hostVariables.path(host.asText()))));
        body.path("children").forEach(child -> {
            inventory.addChild(group, child.asText());
            walk(root, child.asText(), inventory, read);
        });
    }
}
