package io.virttune.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.virttune.VirtTuneException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What ansible would only warn about (a pattern that selects nothing) narrows a fleet silently: an error here. */
class HostPatternTest {
    private static final FleetInventory INVENTORY =
            FleetInventory.parse("[paris]\nhv01\nhv02\n[lyon]\nhv03\n[kvm:children]\nparis\nlyon\n", "inventory.ini");

    private static List<String> names(String pattern) {
        return INVENTORY.limit(pattern).stream().map(FleetHost::name).toList();
    }

    @Test
    void unionsThenIntersectionsThenExclusionsWhateverTheOrderWritten() {
        assertEquals(List.of("hv01"), names("!hv02:paris"));
        assertEquals(List.of("hv03"), names("&lyon,kvm"));
        assertEquals(List.of("hv01", "hv03"), names("~hv0[13]"));
        assertEquals(List.of("hv01", "hv02"), names("pa*"));
    }

    @Test
    void aTermThatSelectsNothingOrCannotBeReadIsRefused() {
        for (String[] bad : new String[][] {
            {
                "kvm:!berlin",
                "--limit kvm:!berlin: 'berlin' is neither a group nor a host of the inventory; groups: paris, lyon, kvm, all, ungrouped"
            },
            {"ber*", "--limit ber*: 'ber*' matches no group or host of the inventory"},
            {
                "!paris",
                "--limit !paris: names no group or host to start from (write all:!GROUP to exclude from every host)"
            },
            {
                "paris[0:1]",
                "--limit paris[0:1]: subscripts like paris[0:1] select hosts by their position; name the hosts or groups instead"
            },
            {"~hv(", "--limit ~hv(: '~hv(' is not a regular expression: Unclosed group"}
        }) {
            VirtTuneException e = assertThrows(VirtTuneException.class, () -> INVENTORY.limit(bad[0]));
            assertEquals(bad[1], e.getMessage());
        }
    }
}
