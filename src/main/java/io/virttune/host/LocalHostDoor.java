package io.virttune.host;

import io.virttune.process.ProcessRunner;
import java.nio.file.Path;

/**
 * This machine: commands run here, files are read from "/", and images are readable only when the
 * libvirt URI is this machine's too (a remote URI's image paths mean nothing here).
 */
public record LocalHostDoor(ProcessRunner commands, String libvirtUri, boolean readsImages) implements HostDoor {

    @Override
    public String name() {
        return "this machine";
    }

    /** Commands and files are here; so is the hypervisor when image paths are readable here. */
    @Override
    public boolean isThisMachine() {
        return readsImages;
    }

    @Override
    public HostFileSystem files() {
        return new RootedFileSystem(Path.of("/"));
    }
}
