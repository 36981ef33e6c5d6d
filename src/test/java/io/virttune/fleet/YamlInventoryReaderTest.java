package io.virttune.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.ExitCode;
import io.virttune.VirtTuneException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class YamlInventoryReaderTest {
    @Test
    void aFileIsYamlByItsNameOrItsFirstLine() {
        assertTrue(YamlInventoryReader.claims("hv01\n", "hosts.yaml"));
        assertTrue(YamlInventoryReader.claims("# fleet\nall:\n  hosts:\n", "hosts"));
        assertTrue(YamlInventoryReader.claims("---\n", "hosts"));
        assertEquals(false, YamlInventoryReader.claims("hv01:2222\n[kvm]\n", "hosts"));
    }

    @Test
    void anEmptyValueIsNoValue() {
        FleetInventory inventory = FleetInventory.parse(
                "all:\n  hosts:\n    hv01:\n      ansible_user:\n      ansible_port: 22\n", "i.yml");
        assertEquals(List.of(new FleetHost("hv01", Map.of("ansible_port", "22"))), inventory.hosts());
    }

    @Test
    void aMalformedInventorySaysWhereAndWhy() {
        for (String[] bad : new String[][] {
            {"all:\n  hosts: [hv01, hv02]\n", "i.yml: all.hosts must be a mapping, found array"},
            {"all:\n  host:\n    hv01:\n", "i.yml: all.host: a group has hosts, vars and children only"},
            {"all:\n  hosts:\n    hv01: 3\n", "i.yml: all.hosts.hv01 must be a mapping, found number"},
            {"all:\n  hosts: {hv01\n", "i.yml: not a YAML inventory: "},
            {
                "all:\n  children:\n    a:\n      children:\n        b:\n          children:\n            a:\n",
                "i.yml: group a is its own child (a > b > a)"
            }
        }) {
            VirtTuneException e = assertThrows(
                    VirtTuneException.class,
                    () -> FleetInventory.parse(bad[0], "i.yml").hosts());
            assertEquals(ExitCode.USAGE, e.exitCode());
            assertTrue(e.getMessage().startsWith(bad[1]), e.getMessage());
        }
    }
}
