package io.virttune.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.virttune.ExitCode;
import io.virttune.VirtTuneException;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

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

    @Test
    void theKeyFileAndTheSshArgumentsReachSshAfterThePortAsAnsibleGivesThem() throws Exception {
        FleetHost host = host("{\"ansible_port\": 2222, \"ansible_ssh_private_key_file\": \"~/.ssh/kvm ed25519\","
                + " \"ansible_ssh_extra_args\": \"-o ServerAliveInterval=5 -vC\","
                + " \"ansible_ssh_common_args\": \"-o ProxyCommand=\\\"ssh -W %h:%p -q bastion#1\\\" -J'jump'\"}");

        assertEquals(
                List.of(
                        "-p",
                        "2222",
                        "-i",
                        "~/.ssh/kvm ed25519",
                        "-o",
                        "ProxyCommand=ssh -W %h:%p -q bastion#1",
                        "-Jjump",
                        "-o",
                        "ServerAliveInterval=5",
                        "-vC"),
                host.sshOptions());
        assertEquals(
                host.sshOptions(),
                new FleetHost("hv01", host.reach().variables()).sshOptions(),
                "a fleet plan keeps what reaches the host");
    }

    @Test
    void theOlderKeyFileNameWinsOverTheNewAsAnsiblesSshConnectionTakesIt() throws Exception {
        FleetHost host =
                host("{\"ansible_private_key_file\": \"/keys/new\", \"ansible_ssh_private_key_file\": \"/keys/old\"}");

        assertEquals(List.of("-i", "/keys/old"), host.sshOptions());
    }

    /** A word that is no option would be ssh's destination, and the host's name the command run there. */
    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '"',
            value = {
                "-o User=ops bastion|ansible_ssh_common_args: 'bastion' is not an ssh option, and ssh would read it as"
                        + " the host to connect to; give options only (-o Name=value, -J jump host, -i key)",
                "-o ProxyJump=b #comment|ansible_ssh_common_args: '#comment' is not an ssh option, and ssh would read"
                        + " it as the host to connect to; give options only (-o Name=value, -J jump host, -i key)",
                "-o User=ops -- true|ansible_ssh_common_args: '--' is not an ssh option, and ssh would read it as the"
                        + " host to connect to; give options only (-o Name=value, -J jump host, -i key)",
                "-J|ansible_ssh_common_args: '-J' needs a value after it",
                "-vZ|ansible_ssh_common_args: '-vZ' is not an option ssh knows",
                "-o 'unclosed|ansible_ssh_common_args cannot be split into words as Ansible splits it: the quote ' at"
                        + " column 4 is not closed"
            })
    void sshArgumentsThatAreNotOptionsOnlyFailTheHostSayingWhy(String arguments, String why) throws Exception {
        FleetHost host = host(JSON.writeValueAsString(java.util.Map.of("ansible_ssh_common_args", arguments)));

        VirtTuneException refused = assertThrows(VirtTuneException.class, host::sshOptions);

        assertEquals(ExitCode.USAGE, refused.exitCode());
        assertEquals("host hv01: " + why, refused.getMessage());
    }
}
