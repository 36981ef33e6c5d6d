package io.virttune.fleet;

import io.virttune.VirtTuneException;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The hosts of a fleet plan that an Ansible host pattern selects ({@link HostPattern}, as {@code
 * --limit} of an inventory takes it): the plan names hosts but no groups, so its hosts are the
 * inventory's {@code all} and {@code ungrouped}. A pattern that selects no host is a usage error.
 */
public final class FleetLimit {
    private FleetLimit() {}

    /** The fleet plan with only the selected hosts' sections, in the plan's order. */
    public static FleetPlan of(FleetPlan fleet, String pattern, String origin) {
        Set<String> chosen =
                names(fleet.hosts().stream().map(FleetPlan.HostPlan::host).toList(), pattern, origin);
        return new FleetPlan(
                fleet.createdAt(),
                fleet.hosts().stream()
                        .filter(section -> chosen.contains(section.name()))
                        .toList());
    }

    /** The selected hosts, in the order given; {@code origin} names where they come from in the refusal. */
    public static List<FleetHost> select(List<FleetHost> hosts, String pattern, String origin) {
        Set<String> chosen = names(hosts, pattern, origin);
        return hosts.stream().filter(host -> chosen.contains(host.name())).toList();
    }

    private static Set<String> names(List<FleetHost> hosts, String pattern, String origin) {
        FleetInventory inventory = new FleetInventory(origin);
        hosts.forEach(host -> inventory.addHost(FleetInventory.UNGROUPED, host.name(), Map.of()));
        Set<String> chosen = HostPattern.parse(pattern).select(inventory);
        if (chosen.isEmpty()) {
            throw VirtTuneException.usage("--limit " + pattern + " selects no host of " + origin + " (its hosts: "
                    + String.join(", ", hosts.stream().map(FleetHost::name).toList()) + ")");
        }
        return chosen;
    }
}
