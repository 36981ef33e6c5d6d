package io.virttune.fleet;

import io.virttune.VirtTuneException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.TreeMap;

/**
 * One host of a fleet as the operator named it, with the variables of its inventory line: where
 * ssh reaches it ({@code ansible_host}, {@code ansible_user}, {@code ansible_port}), and for a
 * recorded host its libvirt URI ({@code virt_tune_uri}) and facts directory ({@code
 * virt_tune_host_facts}).
 */
public record FleetHost(String name, Map<String, String> variables) {

    public FleetHost {
        variables = Map.copyOf(variables);
    }

    /** The variables that say how to reach the host; never the others (an inventory may hold passwords). */
    private static final List<String> REACH = List.of("ansible_host", "ansible_user", "ansible_port", "virt_tune_uri");

    public static FleetHost named(String name) {
        return new FleetHost(name, Map.of());
    }

    /** This host with only the variables that say how to reach it: what a fleet plan keeps. */
    public FleetHost reach() {
        Map<String, String> kept = new TreeMap<>();
        REACH.forEach(key -> variable(key).ifPresent(value -> kept.put(key, value)));
        return new FleetHost(name, kept);
    }

    /** The ssh destination: [user@]address, the address defaulting to the name. */
    public String destination() {
        String address = variables.getOrDefault("ansible_host", name);
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

    public Optional<String> variable(String key) {
        return Optional.ofNullable(variables.get(key));
    }
}
