package io.virttune.fleet;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Turns one host's inventory variables, as its inventory resolved them, into the {@link FleetHost} virt-tune reaches. */
final class InventoryVariables {
    /** The variables virt-tune reads (docs/fleet.md); a value it cannot take as given fails the host that uses it. */
    static final List<String> READ = List.of(
            "ansible_host",
            "ansible_user",
            "ansible_port",
            "ansible_private_key_file",
            "ansible_ssh_common_args",
            "ansible_ssh_extra_args",
            "virt_tune_uri",
            "virt_tune_host_facts");

    /**
     * The older names Ansible's ssh connection still takes for the same settings, each winning over
     * the newer where both are given, as Ansible's ssh plugin lists them after the newer.
     */
    private static final Map<String, String> OLDER_NAMES = Map.of(
            "ansible_ssh_host",
            "ansible_host",
            "ansible_ssh_user",
            "ansible_user",
            "ansible_ssh_port",
            "ansible_port",
            "ansible_ssh_private_key_file",
            "ansible_private_key_file");

    /** How Ansible writes a vaulted value: as JSON (ansible-inventory) or as the ciphertext itself (a !vault tag). */
    private static final String VAULT_KEY = "__ansible_vault";

    private static final String VAULT_HEADER = "$ANSIBLE_VAULT;";

    private InventoryVariables() {}

    /** A mapping's variables in the order written: what a reader hands to {@link #host}. */
    static Map<String, JsonNode> of(JsonNode mapping) {
        Map<String, JsonNode> variables = new LinkedHashMap<>();
        mapping.fields().forEachRemaining(entry -> variables.put(entry.getKey(), entry.getValue()));
        return variables;
    }

    static FleetHost host(String name, Map<String, JsonNode> given) {
        Map<String, JsonNode> variables = new LinkedHashMap<>(given);
        OLDER_NAMES.forEach((older, newer) -> {
            if (given.containsKey(older)) {
                variables.put(newer, given.get(older));
            }
        });
        Map<String, String> values = new LinkedHashMap<>();
        Map<String, String> unreadable = new LinkedHashMap<>();
        variables.forEach((key, value) -> {
            // An empty value (ansible_user:) is no value, not the word "null".
            if (value == null || value.isNull()) {
                return;
            }
            // Scalars as Ansible prints them; lists and mappings as JSON, which virt-tune never reads.
            String text = value.isValueNode() ? value.asText() : value.toString();
            values.put(key, text);
            if (READ.contains(key)) {
                problem(givenAs(key, given), value, text).ifPresent(why -> unreadable.put(key, why));
            }
        });
        return new FleetHost(name, values, unreadable);
    }

    /** The name the inventory gave {@code key}'s value under: an older name where it gave one. */
    private static String givenAs(String key, Map<String, JsonNode> given) {
        return OLDER_NAMES.entrySet().stream()
                .filter(older -> older.getValue().equals(key) && given.containsKey(older.getKey()))
                .map(Map.Entry::getKey)
                .findFirst()
                .orElse(key);
    }

    private static Optional<String> problem(String key, JsonNode value, String text) {
        if (value.has(VAULT_KEY) || text.startsWith(VAULT_HEADER)) {
            return Optional.of(key + " is vaulted, and virt-tune reads the inventory without vault secrets: give " + key
                    + " in clear (in host_vars/ or group_vars/, beside the vaulted ones)");
        }
        if (!value.isValueNode()) {
            return Optional.of(key + " is a " + (value.isArray() ? "list" : "mapping") + ", not a value: " + text);
        }
        if (text.contains("{{") || text.contains("{%")) {
            return Optional.of(key + " is a Jinja template (" + text + "), which ansible-inventory gives"
                    + " unevaluated and virt-tune does not evaluate: give " + key + " its value");
        }
        return Optional.empty();
    }
}
