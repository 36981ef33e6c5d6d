package io.virttune.bench;

import io.virttune.VirtTuneException;
import io.virttune.xml.DiskView;
import io.virttune.xml.DomainXml;
import java.util.List;

/** A running domain's live definition, read for what bench needs: its agent channel and the disk measured. */
public final class BenchedDomain {
    private final String name;
    private final DomainXml xml;

    public BenchedDomain(String name, String liveXml) {
        this.name = name;
        this.xml = DomainXml.parse(liveXml, "domain '" + name + "'");
    }

    /** A {@code <channel>} whose virtio target is the QEMU guest agent's port. */
    public boolean hasAgentChannel() {
        return xml.hasGuestAgentChannel();
    }

    /** Its disks, CD-ROMs and floppies left out. */
    public List<DiskView> disks() {
        return xml.disks().stream().filter(d -> d.device().equals("disk")).toList();
    }

    /** The disk with this target name, or the first disk (not CD-ROM) when target is null. */
    public DiskView disk(String target) {
        List<DiskView> disks = disks();
        if (target == null) {
            return disks.stream()
                    .findFirst()
                    .orElseThrow(() -> VirtTuneException.failed("domain '" + name + "' has no disk to measure"));
        }
        return disks.stream()
                .filter(d -> d.targetDev().equals(target))
                .findFirst()
                .orElseThrow(() -> VirtTuneException.usage("domain '" + name + "' has no disk with target '" + target
                        + "' (its disks: "
                        + String.join(
                                ", ", disks.stream().map(DiskView::targetDev).toList()) + ")"));
    }
}
