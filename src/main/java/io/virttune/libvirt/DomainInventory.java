package io.virttune.libvirt;

import java.util.List;

/** Every domain of one connection: those read, and those that could not be, each with its reason. */
public record DomainInventory(List<DomainRecord> domains, List<DomainReadFailure> failures) {
    public DomainInventory {
        domains = List.copyOf(domains);
        failures = List.copyOf(failures);
    }
}
