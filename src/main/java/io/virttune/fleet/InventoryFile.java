package io.virttune.fleet;

import io.virttune.VirtTuneException;
import io.virttune.process.CommandTimedOut;
import io.virttune.process.ProcessResult;
import io.virttune.process.ProcessRunner;
import java.nio.file.Path;
import java.time.Duration;
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
    private static final List<String> ENVIRONMENT =
            List.of("env", "LC_ALL=C.UTF-8", "ANSIBLE_INVENTORY_UNPARSED_FAILED=True");

    /**
     * How long ansible-inventory may list: a dynamic inventory's script or plugin asks a service,
     * and one that never answers would hang virt-tune with it; a static inventory lists in seconds,
     * a slow cloud inventory in well under this.
     */
    static final Duration LIST_LIMIT = Duration.ofSeconds(120);

    /** Longer than this, ansible-inventory's errors are cut: the message names the command to see them whole. */
    private static final int SHORT = 400;

    private final ProcessRunner runner;
    private final Consumer<String> notices;
    private final Duration limit;

    public InventoryFile(ProcessRunner runner, Consumer<String> notices) {
        this(runner, notices, LIST_LIMIT);
    }

    InventoryFile(ProcessRunner runner, Consumer<String> notices, Duration limit) {
        this.runner = runner;
        this.notices = notices;
        this.limit = limit;
    }

    /** The inventory of {@code file}, whose {@code text} the fallback reads. */
    public FleetInventory read(Path file, String text) {
        List<String> argv = new ArrayList<>(ENVIRONMENT);
        // The file in one word, so that a file named like an option stays a file.
        argv.addAll(List.of("ansible-inventory", "--list", "--inventory=" + file));
        ProcessResult listed;
        try {
            listed = runner.run(argv, limit);
        } catch (CommandTimedOut e) {
            throw VirtTuneException.failed(
                    "ansible-inventory did not list " + file + " within " + limit.toSeconds()
                            + " s, so it was stopped with the scripts it started: a dynamic inventory's script or plugin may"
                            + " be waiting on a service that does not answer; check that 'ansible-inventory -i " + file
                            + " --list' ends, or give the hosts in a file of one per line",
                    e);
        }
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
