package io.virttune.snippets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The fleet's one playbook: one play whose tasks are every host's (in the topics' order, whichever
 * host has them), each host's numbers in its host_vars, a host without hugepages to reserve
 * having none there, so that the play's hugepage tasks skip it.
 */
class FleetPlaybookTest {
    private static final String HUGEPAGES =
            "    - name: Reserve hugepages\n      when: virt_tune_hugepages is defined\n";
    private static final String LVM = "    - name: Read-ahead off\n      loop: \"{{ virt_tune_guest_lvs }}\"\n";

    @Test
    void onePlayHasEveryHostsTasksAndEachHostsNumbersAreItsHostVars() {
        FleetMember small = member("hv-small", tasks("", LVM), Map.of("virt_tune_guest_lvs", "[]"));
        Map<String, String> bigVariables = new LinkedHashMap<>();
        bigVariables.put("virt_tune_hugepages", "\"hugepagesz=2M hugepages=512\"");
        bigVariables.put("virt_tune_guest_lvs", "[\"vg/web-vda\"]");
        FleetMember big = member("hv-big", tasks(HUGEPAGES, LVM), bigVariables);

        Map<String, String> files = FleetPlaybook.files(List.of(small, big));

        String site = files.get("site.yml");
        assertTrue(site.contains(HUGEPAGES.stripTrailing() + "\n\n" + LVM), "hv-big's hugepage task, first: " + site);
        assertTrue(site.contains("  hosts: virt_tune_hosts\n"), site);
        assertEquals(
                "---\n# virt-tune: hv-big's own numbers for site.yml, computed from its facts (see hv-big/README.md).\n"
                        + "virt_tune_hugepages: \"hugepagesz=2M hugepages=512\"\nvirt_tune_guest_lvs: [\"vg/web-vda\"]\n",
                files.get("host_vars/hv-big.yml"));
        assertFalse(
                files.get("host_vars/hv-small.yml").contains("virt_tune_hugepages"),
                files.get("host_vars/hv-small.yml"));
        assertTrue(
                files.get("inventory.ini").endsWith("[virt_tune_hosts]\nhv-small\nhv-big\n"),
                files.get("inventory.ini"));
    }

    private static Map<String, String> tasks(String hugepages, String lvm) {
        Map<String, String> tasks = new LinkedHashMap<>();
        tasks.put("Hugepages", hugepages);
        tasks.put("LVM", lvm);
        return tasks;
    }

    private static FleetMember member(String name, Map<String, String> tasks, Map<String, String> variables) {
        return new FleetMember(
                name,
                Map.of(),
                Optional.of(new SnippetSet(Map.of(), Optional.of(new AnsiblePlay(tasks, variables)))),
                Optional.empty());
    }
}
