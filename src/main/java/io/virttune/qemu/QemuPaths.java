package io.virttune.qemu;

/** Makes a file name reach qemu-img and qemu-io as a plain local file. */
public final class QemuPaths {
    private QemuPaths() {}

    /**
     * qemu-img reads a leading dash as an option and a colon before the first slash as a protocol
     * ({@code nbd:}, {@code json:}, or "Unknown protocol 'a'" for {@code a:b.qcow2}); a name that
     * starts with a slash is neither, so relative names get {@code ./} in front.
     */
    public static String safe(String path) {
        if (path.isEmpty()) {
            throw new IllegalArgumentException("empty image path");
        }
        return path.startsWith("/") ? path : "./" + path;
    }
}
