package io.virttune.cli;

import io.virttune.IoErrors;
import io.virttune.VirtTuneException;
import io.virttune.fleet.FleetDoors;
import io.virttune.fleet.FleetHost;
import io.virttune.fleet.FleetInventory;
import io.virttune.fleet.FleetLimit;
import io.virttune.fleet.FleetPlan;
import io.virttune.fleet.FleetPlanJson;
import io.virttune.fleet.InventoryFile;
import io.virttune.host.SshControlDirectory;
import io.virttune.process.LocalProcessRunner;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** Options that name a fleet of hosts: by name, from a file or inventory, and how many at once. */
public final class FleetOptions {
    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    @Option(
            names = "--host",
            paramLabel = "HOST",
            description = "a host to read over SSH (repeatable): name, ~/.ssh/config alias or user@host")
    List<String> hosts = new ArrayList<>();

    @Option(
            names = "--hosts",
            paramLabel = "FILE",
            description =
                    "hosts from a file: one per line, an Ansible inventory (read by ansible-inventory), or a fleet plan")
    Path hostsFile;

    @Option(
            names = "--limit",
            paramLabel = "PATTERN",
            description =
                    "only the hosts of --hosts that this Ansible pattern selects (GROUP:&GROUP:!HOST, hv*, ~REGEX)")
    String limit;

    @Option(
            names = "--parallel",
            paramLabel = "N",
            defaultValue = "4",
            description = "hosts read at the same time (default: ${DEFAULT-VALUE})")
    int parallel;

    /** Whether the command line names a fleet rather than one host (a --limit alone is refused by {@link #fleet}). */
    boolean given() {
        return !hosts.isEmpty() || hostsFile != null || limit != null;
    }

    /** The named hosts, each once, in the order given: --host first, then the file's. */
    List<FleetHost> fleet() {
        if (limit != null && hostsFile == null) {
            throw VirtTuneException.usage("--limit selects from an inventory: give it with --hosts FILE");
        }
        if (parallel < 1) {
            throw VirtTuneException.usage("--parallel must be at least 1, was " + parallel);
        }
        Map<String, FleetHost> chosen = new LinkedHashMap<>();
        hosts.forEach(name -> chosen.putIfAbsent(name, FleetHost.named(name)));
        if (hostsFile != null) {
            fileHosts(read(hostsFile)).forEach(host -> chosen.putIfAbsent(host.name(), host));
        }
        if (chosen.isEmpty()) {
            throw VirtTuneException.usage(
                    hostsFile + " names no hosts" + (limit == null ? "" : " in --limit " + limit));
        }
        return List.copyOf(chosen.values());
    }

    /** The hosts of --hosts, --limit applied: an inventory's, or a fleet plan's with how it reached them. */
    private List<FleetHost> fileHosts(String text) {
        if (FleetPlanJson.isFleetPlan(text)) {
            List<FleetHost> planned = FleetPlanJson.read(text, hostsFile.toString()).hosts().stream()
                    .map(FleetPlan.HostPlan::host)
                    .toList();
            return limit == null ? planned : FleetLimit.select(planned, limit, hostsFile.toString());
        }
        FleetInventory inventory = new InventoryFile(
                        new LocalProcessRunner(),
                        notice -> spec.commandLine().getErr().println("virt-tune: " + notice))
                .read(hostsFile, text);
        return limit == null ? inventory.hosts() : inventory.limit(limit);
    }

    /** Every host through the operator's own ssh, one shared connection per host. */
    static FleetDoors doors() {
        return new FleetDoors("ssh", SshControlDirectory.forThisUser(), new LocalProcessRunner());
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw IoErrors.failed("read the host list", file, e);
        }
    }
}
