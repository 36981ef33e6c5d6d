package io.virttune.inspect.rules;

import io.virttune.inspect.DiskFacts;
import io.virttune.inspect.DomainFacts;
import io.virttune.inspect.Finding;
import io.virttune.inspect.ImageFacts;
import io.virttune.inspect.Severity;
import io.virttune.recipe.DiskTarget;
import io.virttune.recipe.HostLevers;
import io.virttune.text.Bytes;
import io.virttune.text.ShellWords;
import java.util.Optional;

/**
 * An image file on a filesystem instead of a raw logical volume: the source measured the raw LV
 * faster (fewer layers; qcow2 adds its own cluster translation table on top of the filesystem).
 */
final class ImageFileRule extends DiskRule {
    @Override
    Optional<Finding> check(HostLevers levers, DomainFacts domain, DiskFacts disk, DiskTarget target) {
        if (disk.image().isEmpty()) {
            return Optional.empty();
        }
        ImageFacts image = disk.image().get();
        boolean qcow2 = image.format().equals("qcow2");
        String evidence = image.path() + ": " + image.format() + ", " + Bytes.format(image.virtualSizeBytes())
                + " virtual, " + Bytes.format(image.allocatedBytes()) + " allocated (read from "
                + image.readFrom() + ")";
        return Optional.of(Finding.disk(
                qcow2 ? "disk.qcow2-file" : "disk.raw-file",
                Severity.WARNING,
                domain.name(),
                disk.target(),
                qcow2
                        ? "qcow2 image file instead of a raw logical volume"
                        : "raw image file on a filesystem instead of a raw logical volume",
                evidence,
                "move it to a raw LV: virt-tune plan --vg VG " + ShellWords.operand(domain.name())));
    }
}
