package io.virttune.cli;

import io.virttune.VirtTuneException;
import io.virttune.apply.custody.BackingChains;
import io.virttune.apply.ports.DomainResult;
import io.virttune.bench.BenchResult;
import io.virttune.bench.BenchRunner;
import io.virttune.bench.BenchSettings;
import io.virttune.bench.BenchStore;
import io.virttune.bench.DiskFingerprint;
import io.virttune.bench.DiskStatsSample;
import io.virttune.bench.HostCeiling;
import io.virttune.bench.HostCounters;
import io.virttune.bench.HostScratchDevice;
import io.virttune.bench.ProcHostCounters;
import io.virttune.bench.StoredRuns;
import io.virttune.fleet.FleetCommand;
import io.virttune.host.HostDoor;
import io.virttune.libvirt.LibvirtJavaConnection;
import io.virttune.qemu.QemuImg;
import io.virttune.report.ApplyResultTable;
import io.virttune.report.BenchRunTextReport;
import io.virttune.report.FleetResultsReport;
import io.virttune.report.ResultsJsonReport;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code virt-tune bench}: fio in a running guest through its agent, host counters beside it, the result stored. */
@Command(
        name = "bench",
        mixinStandardHelpOptions = true,
        footerHeading = "%nExamples:%n",
        footer = {
            "  virt-tune bench web01 --label before --quick",
            "  virt-tune bench web01 --label after --host-ceiling /srv/scratch.fio",
            "  virt-tune bench 'web*' --label before --json",
            "  virt-tune bench --hosts fleet.json --all --label before",
            "  virt-tune bench compare web01 before after --html report.html"
        },
        subcommands = BenchCompareCommand.class,
        description = {
            "Benchmark a running guest's disk with fio through the QEMU guest agent (CrystalDiskMark's and KDiskMark's"
                    + " four profiles, each run --loops times: their average and peak), with the host device's iostat -x"
                    + " figures over the run, and store the result"
                    + " under --state-dir as DOMAIN/LABEL.json. Compare two labels with 'bench compare'.",
            "Several domains (names, globs, --all: globs and --all pick among the running ones) are benched one after"
                    + " another, never at once, so that none measures another's load. With --host/--hosts, each host's own"
                    + " virt-tune benches its domains there, the hosts at once (docs/fleet.md).",
            "Writes only a scratch file in the guest (removed afterwards), or with --destructive a whole scratch device.",
            "Exit status 0 stored, 1 failed (no agent channel, agent not answering, no fio, fio failing), 2 usage,"
                    + " 3 refused."
        })
public final class BenchCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    ConnectionOptions connection;

    // The domains and --label are checked in call(), not declared required: picocli would demand
    // them of 'bench compare' too.
    @Mixin
    SelectionOptions selection;

    @Mixin
    FleetOptions fleet;

    @Option(names = "--label", paramLabel = "LABEL", description = "name of this run, e.g. before (required)")
    String label;

    @Option(
            names = "--json",
            description = "print what was stored for each domain as JSON (schema virt-tune/bench-run,"
                    + " version 1) instead of the tables; progress goes to stderr")
    boolean json;

    @Mixin
    BenchRunOptions run;

    @Override
    public Integer call() {
        if (label == null || (!selection.all && selection.domains.isEmpty())) {
            throw VirtTuneException.usage(
                    "bench needs a DOMAIN (or --all) and --label LABEL (or: bench compare DOMAIN" + " BEFORE AFTER)");
        }
        selection.selection(false);
        BenchStore.requireValidLabel(label);
        BenchDomains picked = new BenchDomains(selection);
        BenchSettings settings = run.settings(picked.named());
        if (run.overwrites() && !picked.oneNamed()) {
            throw VirtTuneException.refused("--device and --scratch-disk overwrite a disk: name one domain, exactly (no"
                    + " glob, no --all); whether a disk holds nothing is known of one guest, not of all it would pick");
        }
        if (fleet.given()) {
            return benchFleet();
        }
        HostDoor door = connection.door();
        run.requireSafeHostCeiling(door);
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        HostCounters host = door.isThisMachine() ? new ProcHostCounters() : new RemoteHost();
        BenchStore store = new BenchStore(run.stateDir);
        List<DomainResult> results = new ArrayList<>();
        try (LibvirtJavaConnection libvirt = LibvirtJavaConnection.openReadWrite(door.libvirtUri())) {
            // The ceiling runs only on this machine (requireSafeHostCeiling): its door's commands are local.
            BenchRunner runner = new BenchRunner(
                    libvirt,
                    host,
                    new HostCeiling(
                            door.commands(),
                            new HostScratchDevice(
                                    libvirt::allDefinitions,
                                    libvirt::volumePath,
                                    BackingChains.read(new QemuImg(door.commands())),
                                    door.commands(),
                                    Path.of("/"))),
                    Duration.ofSeconds(1),
                    Clock.systemUTC(),
                    line -> {
                        err.println(line);
                        err.flush();
                    });
            List<String> domains = picked.chosen(libvirt);
            if (domains.isEmpty()) {
                throw VirtTuneException.failed("no running domain to bench on " + door.libvirtUri()
                        + (selection.exclusions.isEmpty() ? "" : " once --exclude has left some out"));
            }
            for (String domain : domains) {
                results.add(benchOne(runner, store, domain, settings, domains.size() == 1));
            }
        }
        if (json) {
            out.print(ResultsJsonReport.benchRun(results));
        } else if (results.size() > 1) {
            ApplyResultTable.print(out, results, ReportWidth.of(VirtTuneCommand.terminal(spec)));
        }
        out.flush();
        return ApplyCommand.exitCode(results);
    }

    /**
     * One domain benched and its result stored; a failure is that domain's alone, except for a
     * single domain in a text report, which fails the command with its message as before.
     */
    private DomainResult benchOne(
            BenchRunner runner, BenchStore store, String domain, BenchSettings settings, boolean alone) {
        PrintWriter out = spec.commandLine().getOut();
        try {
            BenchResult result = runner.run(run.request(domain, label, settings));
            Path stored = store.write(result);
            if (!json) {
                BenchRunTextReport.print(out, result);
                out.println("Stored " + stored);
                out.println();
                out.flush();
            }
            return new DomainResult(domain, DomainResult.Result.DONE, "stored as '" + label + "' in " + stored);
        } catch (VirtTuneException e) {
            if (alone && !json) {
                throw e;
            }
            PrintWriter err = spec.commandLine().getErr();
            err.println("virt-tune: " + e.getMessage());
            err.flush();
            return DomainResult.stopped(domain, e, e.getMessage());
        }
    }

    /** Each host's own virt-tune benches there, given this run's choices; the hosts at once, up to --parallel. */
    private int benchFleet() {
        if (connection.namesAHost()) {
            throw VirtTuneException.usage(
                    "--connect and --host-facts are one host's: with --host or --hosts each host's"
                            + " own libvirt is used");
        }
        // Each host resolves a relative path against its ssh user's home: where compare would not look.
        StoredRuns.requireAbsolute(run.stateDir);
        List<String> options = new ArrayList<>(List.of("--label=" + label));
        options.addAll(run.forEachHost());
        if (selection.all) {
            options.add("--all");
        }
        selection.exclusions.forEach(glob -> options.add("--exclude=" + glob));
        options.add("--");
        options.addAll(selection.domains);
        return FleetResults.report(
                spec,
                FleetResultsReport.BENCH,
                new FleetCommand(FleetOptions.doors(), fleet.parallel, FleetResults.progress(spec, json))
                        .run(FleetCommand.BENCH, fleet.fleet(), options),
                true,
                json);
    }

    /** A remote hypervisor: its /proc is not this machine's, so there are no host counters to read here. */
    private static final class RemoteHost implements HostCounters {
        @Override
        public Optional<String> device(DiskFingerprint disk) {
            return Optional.empty();
        }

        @Override
        public DiskStatsSample sample() {
            throw new IllegalStateException("a remote host is never sampled");
        }
    }
}
