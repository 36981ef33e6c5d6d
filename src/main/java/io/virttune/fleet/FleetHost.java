package io.virttune.fleet;

import io.virttune.VirtTuneException;
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
    private static final List<String> REACH = List.of("ansible_host", "ansible_user", "ansible_port", "virt_tune_uri");

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

    /** A variable's value; one the inventory gives but virt-tune cannot read fails this host, saying why. */
    public Optional<String> variable(String key) {
        if (unreadable.containsKey(key)) {
            throw VirtTuneException.usage("host " + name + ": " + unreadable.get(key));
        }
        return Optional.ofNullable(variables.get(key));
    }
}
