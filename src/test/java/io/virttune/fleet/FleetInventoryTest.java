package io.virttune.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.virttune.ExitCode;
import io.virttune.VirtTuneException;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class FleetInventoryTest {
    private static final String INVENTORY = String.join(
            "\n",
            "# hypervisors",
            "edge01",
            "",
            "[kvm_paris]",
            "hv01 ansible_host=10.0.0.11",
            "hv02 ansible_host=10.0.0.12 ansible_user=root ansible_port=2222",
            "",
            "[kvm_lyon]",
            "hv03",
            "hv01",
            "",
            "[kvm:children]",
            "kvm_paris",
            "kvm_lyon",
            "",
            "[kvm_lyon:vars]",
            "ansible_user = admin",
            "");

    private static List<String> names(List<FleetHost> hosts) {
        return hosts.stream().map(FleetHost::name).toList();
    }

    @Test
    void aPlainListIsOneHostALine() {
        assertEquals(
                List.of("hv01", "hv02"),
                names(FleetInventory.parse("hv01\n  hv02  \n\n# retired: hv00\n", "hosts")
                        .hosts()));
    }

    @Test
    void readsEveryHostOnceInFileOrderWithItsVariables() {
        FleetInventory inventory = FleetInventory.parse(INVENTORY, "inventory.ini");
        assertEquals(List.of("edge01", "hv01", "hv02", "hv03"), names(inventory.hosts()));
        FleetHost hv02 = inventory.hosts().get(2);
        assertEquals("root@10.0.0.12", hv02.destination());
        assertEquals(OptionalInt.of(2222), hv02.port());
        assertEquals("edge01", inventory.hosts().get(0).destination());
    }

    @Test
    void groupVariablesApplyToTheGroupsHostsWithoutOverridingTheirOwn() {
        FleetInventory inventory = FleetInventory.parse(INVENTORY, "inventory.ini");
        assertEquals("admin@hv03", inventory.limit("hv03").get(0).destination());
        assertEquals(
                Map.of("ansible_host", "10.0.0.11", "ansible_user", "admin"),
                inventory.limit("hv01").get(0).variables());
    }

    @Test
    void limitSelectsGroupsTheirChildrenAndHosts() {
        FleetInventory inventory = FleetInventory.parse(INVENTORY, "inventory.ini");
        assertEquals(List.of("hv01", "hv02"), names(inventory.limit("kvm_paris")));
        assertEquals(List.of("hv01", "hv02", "hv03"), names(inventory.limit("kvm")));
        assertEquals(List.of("edge01", "hv03"), names(inventory.limit("hv03:edge01")));
        assertEquals(4, inventory.limit("all").size());
    }

    @Test
    void anUnknownLimitIsAUsageErrorListingTheGroups() {
        VirtTuneException e = assertThrows(
                VirtTuneException.class,
                () -> FleetInventory.parse(INVENTORY, "inventory.ini").limit("kvm_berlin"));
        assertEquals(ExitCode.USAGE, e.exitCode());
        assertEquals(
                "--limit kvm_berlin: 'kvm_berlin' is neither a group nor a host of the inventory;"
                        + " groups: ungrouped, kvm_paris, kvm_lyon, kvm, all",
                e.getMessage());
    }

    @Test
    void aPortThatIsNotANumberIsNamed() {
        VirtTuneException e = assertThrows(
                VirtTuneException.class,
                () -> FleetInventory.parse("hv01 ansible_port=22;reboot\n", "hosts")
                        .hosts()
                        .get(0)
                        .port());
        assertEquals("host hv01: ansible_port=22;reboot is not a port number", e.getMessage());
    }

    @Test
    void aGarbledLineNamesFileAndLine() {
        VirtTuneException e = assertThrows(
                VirtTuneException.class, () -> FleetInventory.parse("[kvm]\nhv01 ansible_host\n", "inventory.ini"));
        assertEquals(
                "inventory.ini line 2: expected key=value after the host name, found 'ansible_host'", e.getMessage());
    }

    @Test
    void hostLinesTakeQuotedValuesPortsAndRanges() {
        FleetInventory inventory = FleetInventory.parse(
                "hv0[1:2]:2201 ansible_user=root note='row 4, \"B2\"'\n[kvm]\nhv03 ansible_ssh_common_args=\"-o ProxyJump=bastion\"\n",
                "inventory.ini");
        assertEquals(
                List.of(
                        new FleetHost(
                                "hv01",
                                Map.of("ansible_port", "2201", "ansible_user", "root", "note", "row 4, \"B2\"")),
                        new FleetHost(
                                "hv02",
                                Map.of("ansible_port", "2201", "ansible_user", "root", "note", "row 4, \"B2\"")),
                        new FleetHost("hv03", Map.of("ansible_ssh_common_args", "-o ProxyJump=bastion"))),
                inventory.hosts());
    }

    @Test
    void anUnclosedQuoteNamesFileAndLine() {
        VirtTuneException e = assertThrows(
                VirtTuneException.class, () -> FleetInventory.parse("[kvm]\nhv01 note='row 4\n", "inventory.ini"));
        assertEquals("inventory.ini line 2: the quote ' at column 11 is not closed", e.getMessage());
    }
}
