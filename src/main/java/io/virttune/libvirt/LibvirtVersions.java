package io.virttune.libvirt;

/** Decodes libvirt's packed version numbers (major * 1,000,000 + minor * 1,000 + release). */
public final class LibvirtVersions {
    private LibvirtVersions() {}

    public static String decode(long packed) {
        return (packed / 1_000_000) + "." + (packed / 1_000 % 1_000) + "." + (packed % 1_000);
    }

    /** A hypervisor's version as virt-tune shows it: its type and its decoded version ("QEMU 11.1.2"). */
    public static String hypervisor(String type, long packed) {
        return type + " " + decode(packed);
    }
}
