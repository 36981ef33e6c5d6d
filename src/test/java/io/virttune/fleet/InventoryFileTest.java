package io.virttune.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.virttune.ExitCode;
import io.virttune.VirtTuneException;
import io.virttune.process.ProcessResult;
import io.virttune.process.ScriptedProcessRunner;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/**
 * An inventory read through ansible-inventory, replaying what the real one printed
 * (src/test/resources/fleet/ansible-inventory, recorded by {@link AnsibleInventoryToolTest}), and
 * read by virt-tune's own reader where ansible-inventory is not installed.
 */
class InventoryFileTest {
    private static final Path RECORDED = Path.of("src/test/resources/fleet/ansible-inventory");
    private static final Path FLEET = RECORDED.resolve("fleet/inventory.ini");

    private final ScriptedProcessRunner runner = new ScriptedProcessRunner();
    private final List<String> notices = new ArrayList<>();

    @Test
    void ansibleInventoryListsTheInventoryWithoutAnyVaultOptionWithinItsLimit() {
        FleetInventory inventory = listed();

        assertEquals(
                List.of(
                        "env",
                        "LC_ALL=C.UTF-8",
                        "ANSIBLE_INVENTORY_UNPARSED_FAILED=True",
                        "ansible-inventory",
                        "--list",
                        "--inventory=" + FLEET),
                runner.commands().get(0));
        assertEquals(Optional.of(Duration.ofSeconds(120)), runner.limits().get(0));
        assertEquals(List.of("edge01", "hv01", "hv02", "hv03", "hv04"), names(inventory.hosts()));
        assertEquals(List.of(), notices);
    }

    @Test
    void groupVarsGiveTheGroupsHostsTheirUserAndUri() {
        FleetHost hv02 = listed().limit("hv02").get(0);

        assertEquals("ops@hv02", hv02.destination());
        assertEquals(OptionalInt.of(2222), hv02.port());
        assertEquals(
                "qemu+ssh://ops@hv.example.net/system",
                hv02.variable("virt_tune_uri").orElseThrow());
    }

    @Test
    void hostVarsWinOverGroupVars() {
        FleetHost hv01 = listed().limit("hv01").get(0);

        assertEquals("ops@192.0.2.11", hv01.destination());
        assertEquals(OptionalInt.of(22022), hv01.port());
        assertEquals(
                "qemu+ssh://ops@192.0.2.11:22022/system",
                hv01.variable("virt_tune_uri").orElseThrow());
    }

    @Test
    void aChildGroupsVarsWinOverItsParentsAndItsHostsSelectThroughIt() {
        FleetInventory inventory = listed();

        assertEquals("root@192.0.2.13", inventory.limit("hv03").get(0).destination());
        assertEquals(List.of("hv01", "hv02", "hv03", "hv04"), names(inventory.limit("kvm")));
        assertEquals(List.of("hv01", "hv02"), names(inventory.limit("kvm:!kvm_lyon")));
        assertEquals(List.of("edge01"), names(inventory.limit("ungrouped")));
    }

    @Test
    void aVaultedVariableVirtTuneReadsFailsItsHostSayingSoAndOneItDoesNotReadStaysUnread() {
        FleetInventory inventory = listed();
        FleetHost hv04 = inventory.limit("hv04").get(0);

        VirtTuneException e = assertThrows(VirtTuneException.class, hv04::destination);
        assertEquals(ExitCode.USAGE, e.exitCode());
        assertEquals(
                "host hv04: ansible_user is vaulted, and virt-tune reads the inventory without vault secrets: give"
                        + " ansible_user in clear (in host_vars/ or group_vars/, beside the vaulted ones)",
                e.getMessage());
        assertEquals("root@192.0.2.13", inventory.limit("hv03").get(0).destination(), "its password is vaulted");
        assertEquals(
                Map.of("virt_tune_uri", "qemu+ssh://ops@hv.example.net/system"),
                hv04.reach().variables(),
                "a fleet plan keeps no vaulted value");
    }

    @Test
    void virtTunesOwnReaderSaysTheSameOfAVaultedVariable() {
        FleetHost hv04 = FleetInventory.parse(
                        "all:\n  hosts:\n    hv04:\n      ansible_user: !vault |\n"
                                + "        $ANSIBLE_VAULT;1.1;AES256\n        6230643438\n",
                        "i.yml")
                .hosts()
                .get(0);

        VirtTuneException e = assertThrows(VirtTuneException.class, hv04::destination);
        assertEquals(
                "host hv04: ansible_user is vaulted, and virt-tune reads the inventory without vault secrets: give"
                        + " ansible_user in clear (in host_vars/ or group_vars/, beside the vaulted ones)",
                e.getMessage());
    }

    @Test
    void aTemplateFailsItsHostSayingSo() {
        FleetHost edge01 = listed().limit("edge01").get(0);

        VirtTuneException e = assertThrows(VirtTuneException.class, edge01::destination);
        assertEquals(
                "host edge01: ansible_host is a Jinja template ({{ inventory_hostname }}.example.net), which"
                        + " ansible-inventory gives unevaluated and virt-tune does not evaluate: give ansible_host its"
                        + " value",
                e.getMessage());
    }

    @Test
    void anInventoryAnsibleCannotReadIsAUsageErrorWithWhatItSaid() {
        Path vaulted = RECORDED.resolve("vaulted-file/inventory.ini");
        runner.fail(4, read(RECORDED.resolve("vaulted-file.err")));

        VirtTuneException e =
                assertThrows(VirtTuneException.class, () -> new InventoryFile(runner, notices::add).read(vaulted, ""));

        assertEquals(ExitCode.USAGE, e.exitCode());
        assertEquals(
                "ansible-inventory cannot read " + vaulted + ": ERROR! Attempting to decrypt but no vault secrets"
                        + " found; virt-tune reads inventories without vault secrets: give the variables it reads"
                        + " (ansible_host, ansible_user, ansible_port, ansible_private_key_file, ansible_ssh_common_args,"
                        + " ansible_ssh_extra_args, virt_tune_uri, virt_tune_host_facts) outside"
                        + " vaulted files (see it whole: ansible-inventory -i " + vaulted + " --list)",
                e.getMessage());
    }

    @Test
    void withoutAnsibleVirtTunesOwnReaderReadsTheFileAndSaysOnceWhatItMisses() {
        runner.fail(ProcessResult.NOT_FOUND, "env: 'ansible-inventory': No such file or directory");

        FleetInventory inventory = new InventoryFile(runner, notices::add).read(FLEET, read(FLEET));

        assertEquals(List.of("edge01", "hv01", "hv02", "hv03", "hv04"), names(inventory.hosts()));
        assertEquals("hv02", inventory.limit("hv02").get(0).destination(), "group_vars/ is not read");
        assertEquals(
                List.of("ansible-inventory is not installed (apt-get install ansible-core), so " + FLEET
                        + " is read by virt-tune's own INI and YAML reader, which does not read group_vars/ and"
                        + " host_vars/, inventory plugins and scripts, vaulted values or Jinja templates"),
                notices);
    }

    private FleetInventory listed() {
        runner.succeed(read(RECORDED.resolve("fleet.list.json")));
        return new InventoryFile(runner, notices::add).read(FLEET, "");
    }

    private static List<String> names(List<FleetHost> hosts) {
        return hosts.stream().map(FleetHost::name).toList();
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
