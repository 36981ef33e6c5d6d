package io.virttune.snippets;

import io.virttune.inspect.DiskFacts;
import io.virttune.inspect.DomainFacts;
import io.virttune.inspect.HostFacts;
import io.virttune.lvm.LogicalVolume;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Finds the logical volumes behind the host's domain disks, each once, in domain order. */
final class GuestVolumes {
    private GuestVolumes() {}

    static List<GuestVolume> of(HostFacts facts) {
        Map<LogicalVolume, List<String>> disks = new LinkedHashMap<>();
        for (DomainFacts domain : facts.domains()) {
            for (DiskFacts disk : domain.disks()) {
                disk.logicalVolume()
                        .ifPresent(volume -> disks.computeIfAbsent(volume, key -> new ArrayList<>())
                                .add(domain.name() + " " + disk.target()));
            }
        }
        return disks.entrySet().stream()
                .map(entry -> new GuestVolume(entry.getKey(), entry.getValue()))
                .toList();
    }
}
