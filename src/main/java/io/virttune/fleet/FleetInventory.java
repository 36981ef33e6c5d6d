package io.virttune.fleet;

import io.virttune.VirtTuneException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The hosts of a file: one host per line, or an Ansible INI inventory ({@code [group]} sections,
 * {@code host key=value ...} lines, {@code [group:children]} and {@code [group:vars]}), read in
 * file order with each host once.
 */
public final class FleetInventory {
  private final Map<String, FleetHost> hosts = new LinkedHashMap<>();
  private final Map<String, Set<String>> groupHosts = new LinkedHashMap<>();
  private final Map<String, Set<String>> groupChildren = new LinkedHashMap<>();
  private final Map<String, Map<String, String>> groupVars = new LinkedHashMap<>();

  private FleetInventory() {}

  /** Parses {@code text}; {@code source} names the file in messages. */
  public static FleetInventory parse(String text, String source) {
    FleetInventory inventory = new FleetInventory();
    String section = "ungrouped";
    String kind = "hosts";
    int number = 0;
    for (String raw : text.split("\n", -1)) {
      number++;
      String line = raw.strip();
      if (line.isEmpty() || line.startsWith("#") || line.startsWith(";")) {
        continue;
      }
      if (line.startsWith("[")) {
        if (!line.endsWith("]") || line.length() < 3) {
          throw VirtTuneException.usage(source + " line " + number + ": a section is written [name]");
        }
        String[] header = line.substring(1, line.length() - 1).split(":", 2);
        section = header[0];
        kind = header.length == 2 ? header[1] : "hosts";
        continue;
      }
      inventory.line(section, kind, line, source + " line " + number);
    }
    return inventory;
  }

  private void line(String group, String kind, String line, String where) {
    String[] words = line.split("\\s+");
    switch (kind) {
      case "hosts" -> {
        Map<String, String> variables = new LinkedHashMap<>(groupVars.getOrDefault(group, Map.of()));
        for (int i = 1; i < words.length; i++) {
          String[] pair = words[i].split("=", 2);
          if (pair.length != 2) {
            throw VirtTuneException.usage(where + ": expected key=value after the host name, found '" + words[i] + "'");
          }
          variables.put(pair[0], pair[1]);
        }
        hosts.merge(words[0], new FleetHost(words[0], variables),
            (old, added) -> new FleetHost(old.name(), merged(old.variables(), added.variables())));
        groupHosts.computeIfAbsent(group, g -> new LinkedHashSet<>()).add(words[0]);
      }
      case "children" -> groupChildren.computeIfAbsent(group, g -> new LinkedHashSet<>()).add(words[0]);
      case "vars" -> {
        String[] pair = line.split("\\s*=\\s*", 2);
        if (pair.length != 2) {
          throw VirtTuneException.usage(where + ": expected key=value in [" + group + ":vars]");
        }
        groupVars.computeIfAbsent(group, g -> new LinkedHashMap<>()).put(pair[0], pair[1]);
        groupHosts.getOrDefault(group, Set.of()).forEach(name -> hosts.computeIfPresent(name,
            (n, host) -> new FleetHost(n, merged(Map.of(pair[0], pair[1]), host.variables()))));
      }
      default -> throw VirtTuneException.usage(where + ": unknown section kind ':" + kind + "'");
    }
  }

  private static Map<String, String> merged(Map<String, String> base, Map<String, String> over) {
    Map<String, String> all = new LinkedHashMap<>(base);
    all.putAll(over);
    return all;
  }

  public List<FleetHost> hosts() {
    return List.copyOf(hosts.values());
  }

  /**
   * The hosts an Ansible-style limit selects: group or host names, several joined by ':' or ','
   * ({@code all} is every host), in file order.
   */
  public List<FleetHost> limit(String pattern) {
    Set<String> chosen = new LinkedHashSet<>();
    for (String name : pattern.split("[:,]")) {
      if (name.equals("all")) {
        chosen.addAll(hosts.keySet());
      } else if (groupHosts.containsKey(name) || groupChildren.containsKey(name)) {
        collect(name, chosen, new LinkedHashSet<>());
      } else if (hosts.containsKey(name)) {
        chosen.add(name);
      } else {
        throw VirtTuneException.usage(
            "--limit " + pattern + ": '" + name + "' is neither a group nor a host of the inventory; groups: "
                + String.join(", ", groupHosts.keySet()));
      }
    }
    List<FleetHost> selected = new ArrayList<>();
    hosts.forEach((name, host) -> {
      if (chosen.contains(name)) {
        selected.add(host);
      }
    });
    return selected;
  }

  private void collect(String group, Set<String> chosen, Set<String> seen) {
    if (!seen.add(group)) {
      return;
    }
    chosen.addAll(groupHosts.getOrDefault(group, Set.of()));
    groupChildren.getOrDefault(group, Set.of()).forEach(child -> collect(child, chosen, seen));
  }
}
