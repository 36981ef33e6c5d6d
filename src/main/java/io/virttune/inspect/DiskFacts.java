package io.virttune.inspect;

import io.virttune.lvm.LogicalVolume;
import io.virttune.recipe.DiskVerdict;
import io.virttune.xml.DiskView;
import java.util.Optional;

/**
 * One disk of a domain with what the host says about its source: the image behind a file disk,
 * the logical volume behind a block disk, or why neither could be read.
 */
public record DiskFacts(
        DiskView view,
        DiskVerdict verdict,
        Optional<ImageFacts> image,
        Optional<LogicalVolume> logicalVolume,
        Optional<String> problem) {

    public String target() {
        return view.targetDev();
    }
}
