package io.virttune.inspect.rules;

import io.virttune.inspect.Finding;
import io.virttune.inspect.HostFacts;
import io.virttune.inspect.Severity;
import io.virttune.lvm.VolumeGroup;
import io.virttune.recipe.Recipe;
import io.virttune.text.Bytes;
import java.util.List;
import java.util.Locale;

/**
 * A VG with less unallocated space than the over-provisioning reserve. SSDs nearly full lose
 * write speed badly (the source saw 800 MB/s fall to 10-30 MB/s); 7-30% left free restored it.
 */
final class VgReserveRule implements Rule {
    @Override
    public List<Finding> check(HostFacts host) {
        return host.lvm().stream()
                .flatMap(lvm -> lvm.volumeGroups().stream())
                .filter(vg -> vg.sizeBytes() > 0 && freeShare(vg) < Recipe.OVERPROVISION_RESERVE)
                .map(VgReserveRule::finding)
                .toList();
    }

    private static double freeShare(VolumeGroup vg) {
        return (double) vg.freeBytes() / vg.sizeBytes();
    }

    private static Finding finding(VolumeGroup vg) {
        return Finding.host(
                "lvm.vg-free",
                Severity.WARNING,
                "VG " + vg.name() + " has less free space than the over-provisioning reserve",
                Bytes.format(vg.freeBytes()) + " free of " + Bytes.format(vg.sizeBytes())
                        + String.format(
                                Locale.ROOT,
                                " (%.1f%%, reserve %.0f%%)",
                                100 * freeShare(vg),
                                100 * Recipe.OVERPROVISION_RESERVE),
                "keep 7% (consumer SSD) to 30% (server) of the SSD unallocated; plans refuse to eat into"
                        + " the reserve (--reserve)");
    }
}
