package io.virttune.libvirt;

/** Decodes libvirt's packed version numbers (major * 1,000,000 + minor * 1,000 + release). */
public final class LibvirtVersions {
    private LibvirtVersions() {}

    public static String decode(long packed) {
        return (packed / 1_000_000) + "." + (packed / 1_000 % 1_000) + "." + (packed % 1_000);
    }
}
