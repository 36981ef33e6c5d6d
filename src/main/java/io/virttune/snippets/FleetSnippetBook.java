package io.virttune.snippets;

import io.virttune.VirtTuneException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A fleet's snippets as one folder: each host's own folder under its name, an index README.md
 * with a row per host (and why a host has no folder), and for the Ansible format one playbook for
 * the whole fleet ({@link FleetPlaybook}). Pure: rendered folders in, file names and texts out.
 */
public final class FleetSnippetBook {
    private FleetSnippetBook() {}

    public static Map<String, String> render(List<FleetMember> members, SnippetFormat format) {
        members.forEach(member -> requireFolderName(member.name()));
        List<FleetMember> written =
                members.stream().filter(member -> member.snippets().isPresent()).toList();
        Map<String, String> files = new LinkedHashMap<>();
        files.put(IndexPage.FILE, index(members, format, written.size()));
        written.forEach(member -> member.snippets()
                .orElseThrow()
                .files()
                .forEach((name, text) -> files.put(member.name() + "/" + name, text)));
        if (format == SnippetFormat.ansible && !written.isEmpty()) {
            files.putAll(FleetPlaybook.files(written));
        }
        return files;
    }

    private static String index(List<FleetMember> members, SnippetFormat format, int written) {
        MarkdownTable table = new MarkdownTable("host", "snippets");
        members.forEach(member -> table.row(
                member.name(),
                member.snippets().isPresent()
                        ? "[" + member.name() + "/" + IndexPage.FILE + "](" + member.name() + "/" + IndexPage.FILE + ")"
                        : "none: " + member.failure().orElseThrow()));
        String playbook = format == SnippetFormat.ansible && written > 0
                ? "\n\nOne playbook for the fleet, one play for every host, each host's numbers in host_vars/HOST.yml:\n\n"
                        + "    ansible-playbook -i " + AnsiblePlaybook.INVENTORY + " " + AnsiblePlaybook.PLAYBOOK
                        + " --check --diff\n"
                : "\n";
        return "# virt-tune snippets for a fleet of " + members.size() + " hosts\n\n"
                + "Computed from each host's own facts (" + written + " of " + members.size()
                + " hosts read); nothing was"
                + " applied. The numbers in a host's folder (hugepages, LVs, disks) are that host's: start with its"
                + " README.md.\n\n" + table.render() + playbook;
    }

    /** A host's name becomes a folder and an Ansible host name: nothing that could leave the fleet's folder. */
    private static void requireFolderName(String name) {
        if (!name.matches("[A-Za-z0-9][A-Za-z0-9._@-]*") || name.contains("..")) {
            throw VirtTuneException.usage(
                    "host " + name + ": its name cannot be a folder of the snippets (letters, digits,"
                            + " '.', '_', '@' and '-', starting with a letter or digit); give it an inventory name");
        }
    }
}
