package io.virttune.bench;

import io.virttune.plan.Fingerprints;
import io.virttune.xml.DiskView;

/**
 * The configuration of the disk a bench run measured, as the domain's live definition had it:
 * what the before/after comparison is about. Absent attributes are libvirt's defaults ("default").
 */
public record DiskFingerprint(
        String target,
        String bus,
        String sourceType,
        String source,
        String format,
        String cache,
        String io,
        String discard,
        String iothread) {

    private static final String DEFAULT = "default";

    public static DiskFingerprint of(DiskView disk) {
        return new DiskFingerprint(
                disk.targetDev(),
                disk.targetBus().orElse(DEFAULT),
                disk.type(),
                disk.sourcePath().orElse(""),
                disk.format().orElse(DEFAULT),
                disk.cache().orElse(DEFAULT),
                disk.io().orElse(DEFAULT),
                disk.discard().orElse(DEFAULT),
                disk.iothread().isPresent() ? String.valueOf(disk.iothread().getAsInt()) : "none");
    }

    /** For people: {@code sda: sata, qcow2 file, cache=default io=default, IOThread none}. */
    public String describe() {
        return target + ": " + bus + ", " + format + " " + sourceType + ", cache=" + cache + " io=" + io + " discard="
                + discard + ", IOThread " + iothread;
    }

    /** For machines: equal when the measured configuration is equal. */
    public String id() {
        return Fingerprints.of(String.join("\n", bus, sourceType, source, format, cache, io, discard, iothread));
    }
}
