package io.virttune.fleet;

import com.fasterxml.jackson.databind.JsonNode;
import io.virttune.VirtTuneException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The hosts and groups of an inventory, each host once in the order read, with the variables
 * Ansible gives it: {@code all}'s first, then its groups' from the shallowest to the deepest (ties
 * by name), then its own.
 */
public final class FleetInventory {
    static final String ALL = "all";
    static final String UNGROUPED = "ungrouped";

    private final Map<String, Map<String, JsonNode>> hostVariables = new LinkedHashMap<>();
    private final Map<String, Set<String>> groupHosts = new LinkedHashMap<>();
    private final Map<String, Set<String>> groupChildren = new LinkedHashMap<>();
    private final Map<String, Map<String, JsonNode>> groupVariables = new LinkedHashMap<>();
    private final String source;

    FleetInventory(String source) {
        this.source = source;
    }

    /**
     * Reads {@code text} with virt-tune's own reader (where ansible-inventory is not installed): as
     * YAML when the file says so (its name or its first line), else as INI.
     */
    static FleetInventory parse(String text, String source) {
        FleetInventory inventory = YamlInventoryReader.claims(text, source)
                ? new YamlInventoryReader(source).read(text)
                : new IniInventoryReader(source).read(text);
        // A group that is its own child has no hosts to speak of: refused whether or not it is selected.
        inventory.groupHosts.keySet().forEach(inventory::hostsOf);
        return inventory;
    }

    void addHost(String group, String name, Map<String, JsonNode> variables) {
        hostVariables.computeIfAbsent(name, n -> new LinkedHashMap<>()).putAll(variables);
        declare(group);
        groupHosts.get(group).add(name);
    }

    void addChild(String parent, String child) {
        declare(parent);
        declare(child);
        groupChildren.get(parent).add(child);
    }

    void addVariables(String group, Map<String, JsonNode> variables) {
        declare(group);
        groupVariables.get(group).putAll(variables);
    }

    void declare(String group) {
        groupHosts.computeIfAbsent(group, g -> new LinkedHashSet<>());
        groupChildren.computeIfAbsent(group, g -> new LinkedHashSet<>());
        groupVariables.computeIfAbsent(group, g -> new LinkedHashMap<>());
    }

    /** Every host of the inventory, in file order. */
    public List<FleetHost> hosts() {
        return hostVariables.keySet().stream().map(this::host).toList();
    }

    /** The hosts an Ansible host pattern selects ({@link HostPattern}), in file order. */
    public List<FleetHost> limit(String pattern) {
        Set<String> chosen = HostPattern.parse(pattern).select(this);
        return hostVariables.keySet().stream()
                .filter(chosen::contains)
                .map(this::host)
                .toList();
    }

    Set<String> hostNames() {
        return hostVariables.keySet();
    }

    /** The groups in the order the file names them, {@code all} and {@code ungrouped} included. */
    List<String> groupNames() {
        List<String> names = new ArrayList<>(groupHosts.keySet());
        for (String implicit : List.of(ALL, UNGROUPED)) {
            if (!names.contains(implicit)) {
                names.add(implicit);
            }
        }
        return names;
    }

    boolean isGroup(String name) {
        return name.equals(ALL) || name.equals(UNGROUPED) || groupHosts.containsKey(name);
    }

    /** The hosts of a group and of its children, recursively. */
    Set<String> hostsOf(String group) {
        if (group.equals(ALL)) {
            return hostVariables.keySet();
        }
        if (group.equals(UNGROUPED)) {
            Set<String> grouped = new LinkedHashSet<>();
            groupHosts.forEach((name, hosts) -> {
                if (!name.equals(ALL) && !name.equals(UNGROUPED)) {
                    grouped.addAll(hosts);
                }
            });
            Set<String> ungrouped = new LinkedHashSet<>(hostVariables.keySet());
            ungrouped.removeAll(grouped);
            return ungrouped;
        }
        Set<String> hosts = new LinkedHashSet<>();
        collect(group, hosts, new LinkedHashSet<>());
        return hosts;
    }

    private void collect(String group, Set<String> hosts, Set<String> path) {
        if (!path.add(group)) {
            throw VirtTuneException.usage(source + ": group " + group + " is its own child (" + String.join(" > ", path)
                    + " > " + group + ")");
        }
        hosts.addAll(groupHosts.getOrDefault(group, Set.of()));
        for (String child : groupChildren.getOrDefault(group, Set.of())) {
            collect(child, hosts, path);
        }
        path.remove(group);
    }

    private FleetHost host(String name) {
        Map<String, JsonNode> variables = new LinkedHashMap<>(groupVariables.getOrDefault(ALL, Map.of()));
        groupHosts.keySet().stream()
                .filter(group -> !group.equals(ALL) && hostsOf(group).contains(name))
                .sorted(Comparator.comparingInt(this::depth).thenComparing(Comparator.naturalOrder()))
                .forEach(group -> variables.putAll(groupVariables.get(group)));
        variables.putAll(hostVariables.get(name));
        return InventoryVariables.host(name, variables);
    }

    /** How far below {@code all} a group is: 1 for a group that is no other group's child. */
    private int depth(String group) {
        int deepestParent = 0;
        for (Map.Entry<String, Set<String>> parent : groupChildren.entrySet()) {
            if (!parent.getKey().equals(ALL) && parent.getValue().contains(group)) {
                deepestParent = Math.max(deepestParent, depth(parent.getKey()));
            }
        }
        return deepestParent + 1;
    }
}
