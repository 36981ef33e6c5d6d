package io.virttune.fleet;

import io.virttune.VirtTuneException;
import io.virttune.host.HostFileSystem;
import io.virttune.host.RemoteFileSystem;
import io.virttune.host.RootedFileSystem;
import io.virttune.host.SshHostDoor;
import io.virttune.inspect.HostFactsSource;
import io.virttune.inspect.HostSnapshot;
import io.virttune.inspect.LiveHost;
import io.virttune.process.ProcessResult;
import io.virttune.process.ProcessRunner;
import io.virttune.process.SshProcessRunner;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

/**
 * Opens the door of each fleet host: over SSH, with libvirt at {@code qemu+ssh://} unless the
 * host names its own {@code virt_tune_uri}; or, for a host recorded into a directory ({@code
 * virt_tune_host_facts}), that directory and the URI it names.
 */
public final class FleetDoors {
    private final String sshProgram;
    private final Path controlDirectory;
    private final ProcessRunner local;

    public FleetDoors(String sshProgram, Path controlDirectory, ProcessRunner local) {
        this.sshProgram = sshProgram;
        this.controlDirectory = controlDirectory;
        this.local = local;
    }

    /** Where a host's libvirt, its host facts and its own files are read. */
    public record Reach(String libvirtUri, HostFactsSource facts, HostFileSystem files) {}

    public Reach reach(FleetHost host) {
        if (host.variable("virt_tune_host_facts").isPresent()) {
            String uri = host.variable("virt_tune_uri")
                    .orElseThrow(() -> VirtTuneException.usage("host " + host.name()
                            + " has virt_tune_host_facts but no virt_tune_uri: a recorded host needs both"));
            Path recorded = Path.of(host.variable("virt_tune_host_facts").get());
            return new Reach(uri, new HostSnapshot(recorded), new RootedFileSystem(recorded.resolve("host")));
        }
        SshProcessRunner runner = commands(host);
        String systemUri = SshHostDoor.systemUri(host.destination(), host.port()) + keyFile(host);
        String uri = host.variable("virt_tune_uri").orElse(systemUri);
        SshHostDoor door = new SshHostDoor(host.name(), runner, uri, uri.equals(systemUri));
        return new Reach(uri, new LiveHost(door), door.files());
    }

    /**
     * libvirt's own ssh takes the host's private key file as the URI's {@code keyfile} (and gives
     * it to ssh as {@code -i}); it takes no other ssh argument, so a host reached only through
     * {@code ansible_ssh_common_args} (a ProxyCommand) needs them in ~/.ssh/config for libvirt.
     */
    private static String keyFile(FleetHost host) {
        return host.variable("ansible_private_key_file")
                .map(key -> "&keyfile=" + escaped(key))
                .orElse("");
    }

    /** {@code value} for a URI's query, every byte but unreserved ones (and '/') as %XX, as libvirt unescapes it. */
    private static String escaped(String value) {
        StringBuilder escaped = new StringBuilder();
        for (byte b : value.getBytes(StandardCharsets.UTF_8)) {
            char c = (char) (b & 0xff);
            escaped.append(
                    c < 128 && (Character.isLetterOrDigit(c) || "-._~/".indexOf(c) >= 0)
                            ? String.valueOf(c)
                            : String.format("%%%02X", b & 0xff));
        }
        return escaped.toString();
    }

    /**
     * The host's own files beyond the /proc and /sys its facts come from (what virt-tune stored
     * there): a recorded host's directory, else read over SSH, file by file.
     */
    public HostFileSystem files(FleetHost host) {
        return host.variable("virt_tune_host_facts")
                .<HostFileSystem>map(
                        recorded -> new RootedFileSystem(Path.of(recorded).resolve("host")))
                .orElseGet(() -> new RemoteFileSystem(commands(host), host.name()));
    }

    /** The host's commands over SSH, its shared connection open: a host ssh cannot reach fails here. */
    public SshProcessRunner commands(FleetHost host) {
        SshProcessRunner runner =
                new SshProcessRunner(sshProgram, host.destination(), host.sshOptions(), controlDirectory, local);
        requireReachable(host, runner);
        return runner;
    }

    /**
     * Opens the shared connection with a command that does nothing, so that a host ssh cannot reach
     * fails as a whole instead of being reported with every one of its facts unreadable.
     */
    private static void requireReachable(FleetHost host, SshProcessRunner runner) {
        ProcessResult answer = runner.run(List.of("true"));
        if (!answer.succeeded()) {
            throw VirtTuneException.failed("cannot reach " + host.name() + " over ssh (" + host.destination() + "): "
                    + answer.stderr().strip() + " (check it with: ssh " + host.destination() + " true)");
        }
    }
}
