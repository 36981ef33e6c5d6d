package io.virttune.cli;

import io.virttune.host.HostDoor;
import io.virttune.host.HostDoors;
import io.virttune.host.HostFileSystem;
import io.virttune.host.RootedFileSystem;
import io.virttune.inspect.HostFactsSource;
import io.virttune.inspect.HostSnapshot;
import io.virttune.inspect.LiveHost;
import java.nio.file.Path;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** Options shared by every command that reads a host: which libvirt, and where host facts come from. */
public final class ConnectionOptions {
    static final String DEFAULT_URI = "qemu:///system";

    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    @Mixin
    ConnectOption connect;

    @Option(
            names = "--host-facts",
            paramLabel = "DIR",
            description = "read /proc, /sys and LVM reports from a recorded host directory instead of this machine")
    Path hostFacts;

    private HostDoor door;

    String uri() {
        return connect.orDefault(spec);
    }

    /** Whether the command line names a host to read (a URI or recorded host facts). */
    boolean namesAHost() {
        return connect.given(spec) != null || hostFacts != null;
    }

    /** $LIBVIRT_DEFAULT_URI, else qemu:///system, as virsh does. */
    static String defaultUri() {
        String fromEnvironment = System.getenv("LIBVIRT_DEFAULT_URI");
        return fromEnvironment == null || fromEnvironment.isBlank() ? DEFAULT_URI : fromEnvironment;
    }

    /** Host facts from the recorded directory, else through the door of the host the URI names. */
    HostFactsSource hostFactsSource() {
        return hostFacts != null ? new HostSnapshot(hostFacts) : new LiveHost(door());
    }

    /** The host's own files: the recorded directory's {@code host/}, else the URI's host's. */
    HostFileSystem hostFiles() {
        return hostFacts != null ? new RootedFileSystem(hostFacts.resolve("host")) : door().files();
    }

    /**
     * The host the URI names, over SSH for {@code qemu+ssh://}: LVM, /proc and images are read where
     * the guests are, never on this machine for another host's libvirt.
     */
    HostDoor door() {
        // One door per command: its facts and its files then share one SSH runner.
        if (door == null) {
            door = HostDoors.forLibvirtUri(uri());
        }
        return door;
    }
}
