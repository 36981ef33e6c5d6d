package io.virttune.host;

import io.virttune.process.SshProcessRunner;
import java.util.OptionalInt;

/**
 * A host reached over SSH: commands and file reads go through one {@link SshProcessRunner} (one
 * shared connection), and libvirt through {@code qemu+ssh://} to the same destination. Images are
 * read with the host's qemu-img only when libvirt is that host's too (the operator may name
 * another URI, such as a test driver's recorded node, whose image paths are nowhere).
 */
public record SshHostDoor(String name, SshProcessRunner commands, String libvirtUri, boolean readsImages)
        implements HostDoor {

    /**
     * The libvirt URI of the system instance on a host reached over SSH. {@code no_tty=1} makes
     * libvirt's own ssh run in batch mode too: hosts read in parallel must never prompt.
     */
    public static String systemUri(String destination, OptionalInt port) {
        return "qemu+ssh://" + destination + (port.isPresent() ? ":" + port.getAsInt() : "") + "/system?no_tty=1";
    }

    @Override
    public HostFileSystem files() {
        return new PrefetchedFileSystem(commands, name);
    }
}
