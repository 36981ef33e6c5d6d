package io.virttune.recipe;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A major.minor version of the host's stack, as libvirt reports libvirt's ("9.0.0") and QEMU's
 * ("QEMU 7.2.0"), and as the kernel reports its release ("6.1.0-28-amd64").
 */
public record StackVersion(int major, int minor) {
    private static final Pattern DOTTED = Pattern.compile("(\\d+)\\.(\\d+)");
    private static final Pattern QEMU = Pattern.compile("QEMU (\\d+)\\.(\\d+)");

    /** libvirt's version; empty when the text is none ("unknown" offline). */
    public static Optional<StackVersion> libvirt(String version) {
        return read(DOTTED, version);
    }

    /** QEMU's version from libvirt's hypervisor version; empty for another hypervisor (the test driver's). */
    public static Optional<StackVersion> qemu(String hypervisorVersion) {
        return read(QEMU, hypervisorVersion);
    }

    /** The kernel's release, as {@code uname -r} prints it; empty when it was not read. */
    public static Optional<StackVersion> kernel(String release) {
        return read(DOTTED, release);
    }

    public boolean atLeast(int major, int minor) {
        return this.major > major || this.major == major && this.minor >= minor;
    }

    @Override
    public String toString() {
        return major + "." + minor;
    }

    private static Optional<StackVersion> read(Pattern pattern, String text) {
        Matcher version = pattern.matcher(text == null ? "" : text);
        return version.lookingAt()
                ? Optional.of(new StackVersion(Integer.parseInt(version.group(1)), Integer.parseInt(version.group(2))))
                : Optional.empty();
    }
}
