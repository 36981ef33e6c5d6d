package io.virttune.libvirt;

import io.virttune.xml.DomainXml;

/**
 * The emulator a domain runs on, as libvirt's domain capabilities are asked for it: its binary,
 * virtualization type (kvm, qemu), architecture and machine; null where the definition names
 * none and libvirt's default applies.
 */
public record EmulatorQuery(String emulator, String virtType, String arch, String machine) {

    /** What {@code domain} names. */
    public static EmulatorQuery of(DomainXml domain) {
        return new EmulatorQuery(
                domain.emulator().orElse(null),
                domain.type(),
                domain.arch().orElse(null),
                domain.machine().orElse(null));
    }

    /** "/usr/bin/qemu-system-x86_64 (kvm, x86_64, pc-q35-7.2)", for messages and reports. */
    public String words() {
        return (emulator == null ? "the default emulator" : emulator) + " (" + virtType
                + (arch == null ? "" : ", " + arch) + (machine == null ? "" : ", " + machine) + ")";
    }
}
