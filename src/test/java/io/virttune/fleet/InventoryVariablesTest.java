package io.virttune.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class InventoryVariablesTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static FleetHost host(String json) throws Exception {
        return InventoryVariables.host("hv01", InventoryVariables.of(JSON.readTree(json)));
    }

    @Test
    void theOlderSshNamesWinOverTheNewAsAnsiblesSshConnectionTakesThem() throws Exception {
        FleetHost host = host("{\"ansible_host\": \"10.0.0.1\", \"ansible_ssh_host\": \"10.0.0.2\","
                + " \"ansible_user\": \"ops\", \"ansible_ssh_user\": \"root\", \"ansible_ssh_port\": 2222}");

        assertEquals("root@10.0.0.2", host.destination());
        assertEquals(OptionalInt.of(2222), host.port());
        assertEquals("10.0.0.2", host.reach().variables().get("ansible_host"), "a fleet plan keeps what was used");
    }

    @Test
    void aVaultedOlderNameFailsTheHostAsTheNewOneDoes() throws Exception {
        FleetHost host = host("{\"ansible_ssh_host\": {\"__ansible_vault\": \"$ANSIBLE_VAULT;1.1;AES256\\n6162\"}}");

        assertTrue(host.unreadable().get("ansible_host").contains("ansible_ssh_host is vaulted"), host.toString());
    }
}
