package io.virttune.plan;

import io.virttune.lvm.LvmNames;
import java.util.HashSet;
import java.util.Set;

/** Hands out LV names that collide neither with the VG's existing LVs nor with each other. */
final class VolumeNames {
    private final Set<String> taken;

    VolumeNames(Set<String> existing) {
        this.taken = new HashSet<>(existing);
    }

    String allocate(String domain, String purpose) {
        String name = LvmNames.derive(domain, purpose, taken);
        taken.add(name);
        return name;
    }
}
