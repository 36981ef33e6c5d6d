package io.virttune.cli;

import io.virttune.libvirt.DomainInventory;
import io.virttune.libvirt.DomainReadFailure;
import io.virttune.libvirt.DomainRecord;
import io.virttune.libvirt.LibvirtConnection;
import io.virttune.libvirt.LibvirtJavaConnection;
import java.util.ArrayList;
import java.util.List;

/** The names of the domains a host defines: what rollback and cleanup select from. */
final class DefinedDomains {
    private DefinedDomains() {}

    /** Every domain libvirt lists, sorted, those it could not read included: the command reports why for each. */
    static List<String> names(String uri) {
        try (LibvirtConnection libvirt = LibvirtJavaConnection.openReadOnly(uri)) {
            DomainInventory inventory = libvirt.domains();
            List<String> names = new ArrayList<>(
                    inventory.domains().stream().map(DomainRecord::name).toList());
            inventory.failures().stream().map(DomainReadFailure::name).forEach(names::add);
            names.sort(null);
            return names;
        }
    }
}
