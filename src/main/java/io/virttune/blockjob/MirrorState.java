package io.virttune.blockjob;

import io.virttune.VirtTuneException;
import io.virttune.xml.DiskView;
import io.virttune.xml.DomainXml;
import java.util.Optional;
import org.jdom2.Element;

/**
 * Where a disk's block copy stands, read from the {@code <mirror>} element of the domain's live
 * definition, as OpenStack Nova polls it: libvirt sets {@code ready='yes'} when QEMU reports the
 * job ready (source and LV in sync), and {@code 'pivot'} or {@code 'abort'} while it ends.
 */
public enum MirrorState {
    /** The disk has no mirror: no copy runs, or it ended (pivoted, aborted, failed). */
    NONE,
    /** The copy runs and is not in sync yet. */
    COPYING,
    /** Source and LV are in sync and stay so; a pivot may switch the guest over now. */
    READY,
    /** A pivot was asked for and is under way. */
    PIVOTING,
    /** An abort was asked for and is under way. */
    ABORTING;

    /** The state of the disk with target {@code disk} in {@code liveXml}; fails when the domain has no such disk. */
    public static MirrorState of(String liveXml, String domain, String disk) {
        Element mirror = diskOf(liveXml, domain, disk).element().getChild("mirror");
        if (mirror == null) {
            return NONE;
        }
        return switch (Optional.ofNullable(mirror.getAttributeValue("ready")).orElse("")) {
            case "yes" -> READY;
            case "pivot" -> PIVOTING;
            case "abort" -> ABORTING;
            default -> COPYING;
        };
    }

    /** The source path (file or dev) of the disk with target {@code disk} in a domain definition. */
    public static Optional<String> sourceOf(String domainXml, String domain, String disk) {
        return diskOf(domainXml, domain, disk).sourcePath();
    }

    /** The format the disk with target {@code disk} declares ({@code <driver type>}); raw, as libvirt reads it, when none. */
    public static String formatOf(String domainXml, String domain, String disk) {
        return diskOf(domainXml, domain, disk).format().orElse("raw");
    }

    /** Where the disk's mirror copies to (its {@code <mirror>}'s source), or empty when it has none. */
    public static Optional<String> destinationOf(String liveXml, String domain, String disk) {
        return Optional.ofNullable(diskOf(liveXml, domain, disk).element().getChild("mirror"))
                .map(mirror -> mirror.getChild("source"))
                .map(source ->
                        Optional.ofNullable(source.getAttributeValue("dev")).orElse(source.getAttributeValue("file")));
    }

    private static DiskView diskOf(String domainXml, String domain, String disk) {
        return DomainXml.parse(domainXml, "definition of domain '" + domain + "'").disks().stream()
                .filter(view -> disk.equals(view.targetDev()))
                .findFirst()
                .orElseThrow(() -> VirtTuneException.failed("domain '" + domain + "' has no disk '" + disk + "'"));
    }
}
