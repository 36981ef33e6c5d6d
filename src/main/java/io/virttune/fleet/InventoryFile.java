package io.virttune.fleet;

import io.virttune.VirtTuneException;
import io.virttune.process.ProcessResult;
import io.virttune.process.ProcessRunner;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Reads an inventory file as Ansible reads it, through the installed {@code ansible-inventory},
 * or with virt-tune's own reader where Ansible is not installed, saying what that one misses.
 */
public final class InventoryFile {
    /**
     * Ansible refuses to start in the C locale the process runner sets, and only warns of an
     * inventory it cannot parse (then lists none); no vault option: vaulted values stay unread.
     */
    static final List<String> LIST =
            List.of("env", "LC_ALL=C.UTF-8", "ANSIBLE_INVENTORY_UNPARSED_FAILED=True", "ansible-inventory", "--list");

    /** Longer than this, ansible-inventory's errors are cut: the message names the command to see them whole. */
    private static final int SHORT = 400;

    private final ProcessRunner runner;
    private final Consumer<String> notices;

    public InventoryFile(ProcessRunner runner, Consumer<String> notices) {
        this.runner = runner;
        this.notices = notices;
    }

    /** The inventory of {@code file}, whose {@code text} the fallback reads. */
    public FleetInventory read(Path file, String text) {
        List<String> argv = new ArrayList<>(LIST);
        // One word, so that a file named like an option stays a file.
        argv.add("--inventory=" + file);
        ProcessResult listed = runner.run(argv);
        if (listed.exitCode() == ProcessResult.NOT_FOUND) {
            notices.accept("ansible-inventory is not installed (apt-get install ansible-core), so " + file
                    + " is read by virt-tune's own INI and YAML reader, which does not read group_vars/ and"
                    + " host_vars/, inventory plugins and scripts, vaulted values or Jinja templates");
            return FleetInventory.parse(text, file.toString());
        }
        if (!listed.succeeded()) {
            throw VirtTuneException.usage("ansible-inventory cannot read " + file + ": " + shortly(listed.stderr())
                    + vaultHint(listed.stderr()) + " (see it whole: ansible-inventory -i " + file + " --list)");
        }
        return new AnsibleInventoryList(file.toString()).read(listed.stdout());
    }

    /** Its lines joined: Ansible wraps its messages at 80 columns. */
    private static String shortly(String stderr) {
        String joined = String.join(" ", stderr.strip().split("\\s*\n\\s*"));
        return joined.length() <= SHORT ? joined : joined.substring(0, SHORT) + " ...";
    }

    private static String vaultHint(String stderr) {
        return stderr.contains("vault")
                ? "; virt-tune reads inventories without vault secrets: give the variables it reads ("
                        + String.join(", ", InventoryVariables.READ) + ") outside vaulted files"
                : "";
    }
}
