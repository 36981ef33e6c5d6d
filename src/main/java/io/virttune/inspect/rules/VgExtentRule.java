package io.virttune.inspect.rules;

import io.virttune.inspect.Finding;
import io.virttune.inspect.HostFacts;
import io.virttune.inspect.Severity;
import io.virttune.lvm.VolumeGroup;
import io.virttune.recipe.Recipe;
import io.virttune.text.Bytes;
import java.util.List;

/**
 * A VG with small extents. The source used 256 MiB for VM volume groups: large VM volumes then
 * map to few contiguous extents. The extent size is fixed at vgcreate time.
 */
final class VgExtentRule implements Rule {
    @Override
    public List<Finding> check(HostFacts host) {
        return host.lvm().stream()
                .flatMap(lvm -> lvm.volumeGroups().stream())
                .filter(vg -> vg.extentSizeBytes() < Recipe.VG_EXTENT_BYTES)
                .map(VgExtentRule::finding)
                .toList();
    }

    private static Finding finding(VolumeGroup vg) {
        return Finding.host(
                "lvm.vg-extent",
                Severity.INFO,
                "VG " + vg.name() + " has " + Bytes.format(vg.extentSizeBytes()) + " extents",
                "vg_extent_size=" + vg.extentSizeBytes(),
                "new VM volume groups: vgcreate -s 256M (an existing VG keeps its extent size)");
    }
}
