package io.virttune.fleet;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.virttune.VirtTuneException;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Reads an Ansible YAML inventory: top-level groups (usually {@code all}), each a mapping of
 * {@code hosts} (host name to its variables, or nothing), {@code vars} and {@code children}
 * (groups, recursively); host ranges as in INI.
 */
final class YamlInventoryReader {
    private static final Set<String> GROUP_KEYS = Set.of("hosts", "vars", "children");
    /** A first line like "all:" or "---": no INI line looks like that. */
    private static final Pattern YAML_START = Pattern.compile("---.*|[^\\s#;\\[=][^=]*:\\s*(#.*)?");

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    private final String source;

    YamlInventoryReader(String source) {
        this.source = source;
    }

    /** Whether a file is YAML: by its name, as Ansible's yaml plugin decides, or by its first line. */
    static boolean claims(String text, String source) {
        String name = source.toLowerCase(Locale.ROOT);
        if (name.endsWith(".yml") || name.endsWith(".yaml") || name.endsWith(".json")) {
            return true;
        }
        return text.lines()
                .map(String::strip)
                .filter(line -> !line.isEmpty() && !line.startsWith("#"))
                .findFirst()
                .map(line -> YAML_START.matcher(line).matches())
                .orElse(false);
    }

    FleetInventory read(String text) {
        JsonNode root;
        try {
            root = YAML.readTree(text);
        } catch (JacksonException e) {
            throw VirtTuneException.usage(source + ": not a YAML inventory: " + e.getOriginalMessage()
                    + (e.getLocation() == null
                            ? ""
                            : " (line " + e.getLocation().getLineNr() + ")"));
        }
        FleetInventory inventory = new FleetInventory(source);
        if (root == null || root.isMissingNode() || root.isNull()) {
            return inventory;
        }
        requireMapping(root, "the file");
        root.fields().forEachRemaining(group -> group(inventory, group.getKey(), group.getValue(), group.getKey()));
        return inventory;
    }

    private void group(FleetInventory inventory, String name, JsonNode body, String path) {
        inventory.declare(name);
        if (body == null || body.isNull()) {
            return;
        }
        requireMapping(body, path);
        body.fieldNames().forEachRemaining(key -> {
            if (!GROUP_KEYS.contains(key)) {
                throw VirtTuneException.usage(
                        source + ": " + path + "." + key + ": a group has hosts, vars and children only");
            }
        });
        JsonNode vars = body.get("vars");
        if (vars != null && !vars.isNull()) {
            inventory.addVariables(name, variables(vars, path + ".vars"));
        }
        JsonNode hosts = body.get("hosts");
        if (hosts != null && !hosts.isNull()) {
            requireMapping(hosts, path + ".hosts");
            hosts.fields().forEachRemaining(host -> {
                String hostPath = path + ".hosts." + host.getKey();
                Map<String, JsonNode> variables =
                        host.getValue().isNull() ? Map.of() : variables(host.getValue(), hostPath);
                HostRange.expand(host.getKey(), source + ": " + hostPath)
                        .forEach(each -> inventory.addHost(name, each, variables));
            });
        }
        JsonNode children = body.get("children");
        if (children != null && !children.isNull()) {
            requireMapping(children, path + ".children");
            children.fields().forEachRemaining(child -> {
                inventory.addChild(name, child.getKey());
                group(inventory, child.getKey(), child.getValue(), path + ".children." + child.getKey());
            });
        }
    }

    private Map<String, JsonNode> variables(JsonNode node, String path) {
        requireMapping(node, path);
        return InventoryVariables.of(node);
    }

    private void requireMapping(JsonNode node, String path) {
        if (!node.isObject()) {
            throw VirtTuneException.usage(source + ": " + path + " must be a mapping, found "
                    + node.getNodeType().toString().toLowerCase(Locale.ROOT));
        }
    }
}
