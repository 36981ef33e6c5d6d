package io.virttune.snippets;

import io.virttune.text.ShellWords;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * One Ansible playbook for a fleet's snippets: {@code site.yml}, one play run on every host, its
 * tasks those of every host's play (each skipped where the host's variables say it needs none);
 * {@code host_vars/HOST.yml}, each host's own numbers; and {@code inventory.ini}, the hosts with
 * the connection variables they were reached with. A host's files come from its own folder.
 */
final class FleetPlaybook {
    /** Inventory variables that say how to reach a host, carried into the fleet's inventory. */
    private static final List<String> CONNECTION = List.of("ansible_host", "ansible_user", "ansible_port");

    private FleetPlaybook() {}

    /** The fleet's playbook files, named relative to the fleet's folder. */
    static Map<String, String> files(List<FleetMember> members) {
        Map<String, String> files = new LinkedHashMap<>();
        AnsiblePlay fleet =
                AnsiblePlay.union(members.stream().map(FleetPlaybook::play).toList());
        files.put(
                AnsiblePlaybook.PLAYBOOK,
                Template.load("ansible/fleet-site.yml")
                        .render(
                                Map.of(
                                        "count", Integer.toString(members.size()),
                                        "play",
                                                fleet.render(
                                                        "Tune the hosts for fast guest disks (virt-tune)",
                                                        AnsiblePlaybook.GROUP,
                                                        Map.of(
                                                                "virt_tune_files",
                                                                "\"{{ playbook_dir }}/{{ inventory_hostname }}\"  # each host's files: its folder")))));
        members.forEach(member -> files.put(
                "host_vars/" + member.name() + ".yml",
                Template.load("ansible/host-vars.yml")
                        .render(Map.of(
                                "host",
                                member.name(),
                                "vars",
                                AnsiblePlay.yaml(play(member).variables(), "")))));
        files.put(
                AnsiblePlaybook.INVENTORY,
                Template.load("ansible/fleet-inventory.ini")
                        .render(Map.of(
                                "hosts",
                                members.stream()
                                        .map(FleetPlaybook::inventoryLine)
                                        .collect(Collectors.joining("\n")))));
        return files;
    }

    private static AnsiblePlay play(FleetMember member) {
        return member.snippets().flatMap(SnippetSet::play).orElseThrow();
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
