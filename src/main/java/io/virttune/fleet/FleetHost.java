package io.virttune.fleet;

import io.virttune.VirtTuneException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.TreeMap;

/**
 * One host of a fleet as the operator named it, with the variables of its inventory ({@link
 * InventoryVariables}) and why any of those virt-tune reads could not be read.
 */
public record FleetHost(String name, Map<String, String> variables, Map<String, String> unreadable) {

    public FleetHost {
        variables = Map.copyOf(variables);
        unreadable = Map.copyOf(unreadable);
    }

    public FleetHost(String name, Map<String, String> variables) {
        this(name, variables, Map.of());
    }

    /** The variables that say how to reach the host; never the others (an inventory may hold passwords). */
    private static final List<String> REACH = List.of(
            "ansible_host",
            "ansible_user",
            "ansible_port",
            "ansible_private_key_file",
            "ansible_ssh_common_args",
            "ansible_ssh_extra_args",
            "virt_tune_uri");

    /** Ansible's ssh connection gives ssh both, the common ones first (its ssh_common_args, ssh_extra_args). */
    private static final List<String> SSH_ARGUMENTS = List.of("ansible_ssh_common_args", "ansible_ssh_extra_args");

    public static FleetHost named(String name) {
        return new FleetHost(name, Map.of());
    }

    /** This host with only the readable variables that say how to reach it: what a fleet plan keeps. */
    public FleetHost reach() {
        Map<String, String> kept = new TreeMap<>();
        REACH.stream()
                .filter(key -> variables.containsKey(key) && !unreadable.containsKey(key))
                .forEach(key -> kept.put(key, variables.get(key)));
        return new FleetHost(name, kept);
    }

    /** The ssh destination: [user@]address, the address defaulting to the name. */
    public String destination() {
        String address = variable("ansible_host").orElse(name);
        return variable("ansible_user").map(user -> user + "@" + address).orElse(address);
    }

    public OptionalInt port() {
        Optional<String> port = variable("ansible_port");
        if (port.isEmpty()) {
            return OptionalInt.empty();
        }
        if (!port.get().matches("[0-9]{1,5}")) {
            throw VirtTuneException.usage("host " + name + ": ansible_port=" + port.get() + " is not a port number");
        }
        return OptionalInt.of(Integer.parseInt(port.get()));
    }

    /**
     * What ssh is given for this host after virt-tune's own options, as Ansible's ssh connection
     * gives them: the port, the private key file ({@code -i}, which ssh expands a {@code ~} in, as
     * Ansible does), then the inventory's common and extra ssh arguments, word by word. ssh takes
     * the first value it is given of an option, so virt-tune's own (batch mode, its shared
     * connection) stay.
     */
    public List<String> sshOptions() {
        List<String> options = new ArrayList<>();
        port().ifPresent(port -> options.addAll(List.of("-p", Integer.toString(port))));
        variable("ansible_private_key_file").ifPresent(key -> options.addAll(List.of("-i", key)));
        for (String key : SSH_ARGUMENTS) {
            variable(key).ifPresent(value -> {
                SshArguments.problem(key, value).ifPresent(why -> {
                    throw VirtTuneException.usage("host " + name + ": " + why);
                });
                options.addAll(SshArguments.words(value));
            });
        }
        return options;
    }

    /** A variable's value; one the inventory gives but virt-tune cannot read fails this host, saying why. */
    public Optional<String> variable(String key) {
        if (unreadable.containsKey(key)) {
            throw VirtTuneException.usage("host " + name + ": " + unreadable.get(key));
        }
        return Optional.ofNullable(variables.get(key));
    }
}
