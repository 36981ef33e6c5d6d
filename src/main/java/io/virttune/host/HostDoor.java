package io.virttune.host;

import io.virttune.process.ProcessRunner;

/**
 * The one way to a host: its commands (lvm, qemu-img, ...), its files (/proc, /sys) and its
 * libvirt URI, all of the same host, whether that is this machine or one reached over SSH.
 */
public interface HostDoor {

    /** The host as messages name it. */
    String name();

    /** Runs commands on the host. */
    ProcessRunner commands();

    /** The host's own files, from its root. */
    HostFileSystem files();

    /** The libvirt URI that reaches this host's hypervisor. */
    String libvirtUri();

    /**
     * Whether image paths in the host's domain definitions can be read through this door: true for
     * the host itself, false when libvirt is on another machine than the door's commands.
     */
    boolean readsImages();

    /** Whether the commands, the files and the hypervisor are all this machine's (a local qemu:/// URI). */
    default boolean isThisMachine() {
        return false;
    }
}
