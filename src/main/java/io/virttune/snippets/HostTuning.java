package io.virttune.snippets;

import io.virttune.host.HostFileSystem;
import java.util.Optional;

/**
 * Host settings inspect does not gather but snippets compare against, read through the host's
 * files (its own, over SSH for a remote host, or {@code DIR/host} of a recorded host): the active
 * tuned profile and sysctl values.
 */
public final class HostTuning {
    private final HostFileSystem files;

    public HostTuning(HostFileSystem files) {
        this.files = files;
    }

    /** The profile tuned applies ({@code tuned-adm active}), empty when tuned is not set up. */
    public Optional<String> tunedProfile() {
        return read("etc/tuned/active_profile").filter(profile -> !profile.isEmpty());
    }

    /** A sysctl's current value, e.g. {@code vm.swappiness}; empty when not readable. */
    public Optional<String> sysctl(String key) {
        return read("proc/sys/" + key.replace('.', '/'));
    }

    private Optional<String> read(String relativePath) {
        return files.read(relativePath).map(String::strip);
    }
}
