package io.virttune.snippets;

import io.virttune.text.ShellWords;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * One Ansible entry point for a fleet's snippets: {@code site.yml} imports every host's own
 * playbook (each run on that host alone, copying from its own folder: an imported playbook's
 * {@code playbook_dir} is its folder), and {@code inventory.ini} lists the hosts with the
 * connection variables they were reached with.
 */
final class FleetPlaybook {
  /** Inventory variables that say how to reach a host, carried into the fleet's inventory. */
  private static final List<String> CONNECTION = List.of("ansible_host", "ansible_user", "ansible_port");

  private FleetPlaybook() {}

  /** The fleet's playbook files, named relative to the fleet's folder. */
  static Map<String, String> files(List<FleetMember> members) {
    Map<String, String> files = new LinkedHashMap<>();
    files.put(AnsiblePlaybook.PLAYBOOK, Template.load("ansible/fleet-site.yml").render(Map.of(
        "count", Integer.toString(members.size()),
        "imports", members.stream().map(member -> "- import_playbook: " + member.name() + "/" + AnsiblePlaybook.PLAYBOOK)
            .collect(Collectors.joining("\n")))));
    files.put(AnsiblePlaybook.INVENTORY, Template.load("ansible/fleet-inventory.ini").render(Map.of(
        "hosts", members.stream().map(FleetPlaybook::inventoryLine).collect(Collectors.joining("\n")))));
    return files;
  }

  private static String inventoryLine(FleetMember member) {
    StringBuilder line = new StringBuilder(member.name());
    CONNECTION.forEach(key -> {
      String value = member.variables().get(key);
      if (value != null) {
        line.append(' ').append(key).append('=').append(ShellWords.quote(value));
      }
    });
    return line.toString();
  }
}
