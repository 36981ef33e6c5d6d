package io.virttune.cli;

import io.virttune.VirtTuneException;
import io.virttune.apply.journal.CopyPaces;
import io.virttune.apply.journal.StateDirectory;
import io.virttune.inspect.HostFacts;
import io.virttune.libvirt.LibvirtUris;
import io.virttune.plan.Plan;
import io.virttune.plan.Scheduler;
import io.virttune.text.Durations;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.TypeConversionException;

/** The options of plan that predict each shut-off guest's downtime and order the guests into windows. */
public final class ScheduleOptions {
    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    @Option(
            names = "--copy-rate",
            paramLabel = "SIZE",
            converter = SizeConverter.class,
            description =
                    "predict each copy, each shut-off guest's downtime and each live guest's copy at SIZE per second a copy, its verify included"
                            + " (default: the median pace of this host's earlier copies, else the --bandwidth cap)")
    Long copyRate;

    @Option(
            names = "--window",
            paramLabel = "DURATION",
            converter = DurationConverter.class,
            description = "order the guests that go down to move into maintenance windows of DURATION each (e.g. 4h,"
                    + " 90m), the longest first; apply --window N moves one window's guests")
    Duration window;

    @Option(
            names = "--state-dir",
            paramLabel = "DIR",
            description = "where this host's earlier applies journaled their copies (default: /var/lib/virt-tune,"
                    + " read for a local qemu connection): their median pace is the default --copy-rate")
    Path stateDir;

    /** Whether a schedule was asked for. */
    boolean given() {
        return copyRate != null || window != null;
    }

    /**
     * {@code plan}, made from {@code facts}, with the schedule asked for, if any; {@code bandwidth} is
     * the plan's cap per copy (0: none).
     */
    Plan scheduled(Plan plan, HostFacts facts, long bandwidth) {
        if (stateDir != null && (window == null || copyRate != null)) {
            throw new ParameterException(
                    spec.commandLine(),
                    "--state-dir is read for the copy rate of --window, when no --copy-rate is given");
        }
        if (!given()) {
            return plan;
        }
        Optional<CopyPaces> earlier = copyRate == null ? earlierCopies(plan.uri()) : Optional.empty();
        if (copyRate == null && earlier.isEmpty() && bandwidth == 0) {
            throw new ParameterException(
                    spec.commandLine(),
                    "--window needs a copy rate to predict downtimes by: --copy-rate SIZE (the pace apply printed"
                            + " per copy on this host), or --bandwidth SIZE (each copy's cap); no uncapped copy of 64 MiB"
                            + " or more is journaled in " + journals());
        }
        Scheduler scheduler = copyRate != null
                ? byCopyRate()
                : earlier.map(paces -> new Scheduler(
                                paces.bytesPerSecond(),
                                paces.copies() == 1
                                        ? "the pace of the one earlier copy on this host, at " + paces.latest()
                                        : "the median of " + paces.copies() + " earlier copies on this host, the latest"
                                                + " at " + paces.latest(),
                                windowOrNone()))
                        .orElseGet(() -> byCap(bandwidth));
        return plan.withSchedule(scheduler.schedule(plan, facts));
    }

    /**
     * The schedule of each host of a fleet, if one was asked for: each host's own windows, the
     * hosts copying at once, each copy at {@code --copy-rate}, else at {@code bandwidth} (the plan's
     * cap per copy): the pace of each host's earlier copies is journaled on that host, not here.
     */
    Optional<Scheduler> forEachHost(long bandwidth) {
        if (stateDir != null) {
            throw new ParameterException(
                    spec.commandLine(),
                    "--state-dir is one host's journals: with --host or --hosts, give --copy-rate SIZE");
        }
        if (!given()) {
            return Optional.empty();
        }
        if (copyRate == null && bandwidth == 0) {
            throw new ParameterException(
                    spec.commandLine(),
                    "--window over a fleet needs a copy rate to predict downtimes by: --copy-rate SIZE or --bandwidth"
                            + " SIZE (each host's earlier copies are journaled on that host, not read from here)");
        }
        return Optional.of(copyRate != null ? byCopyRate() : byCap(bandwidth));
    }

    private Scheduler byCopyRate() {
        return new Scheduler(copyRate, "--copy-rate", windowOrNone());
    }

    private Scheduler byCap(long bandwidth) {
        return new Scheduler(bandwidth, "the --bandwidth cap, the fastest a copy goes", windowOrNone());
    }

    /**
     * The pace of this host's earlier copies: journals are read where they are this host's (a local
     * qemu connection, or a --state-dir given); ones this user may not read count as none.
     */
    private Optional<CopyPaces> earlierCopies(String uri) {
        if (stateDir == null && !LibvirtUris.isLocalQemu(uri)) {
            return Optional.empty();
        }
        try {
            return CopyPaces.of(new StateDirectory(journals()).journals());
        } catch (VirtTuneException unreadable) {
            return Optional.empty();
        }
    }

    private Path journals() {
        return stateDir == null ? StateDirectory.DEFAULT : stateDir;
    }

    private Duration windowOrNone() {
        return window == null ? Duration.ZERO : window;
    }

    /** A duration as 4h, 1h30m, 90m or 45s. */
    static final class DurationConverter implements ITypeConverter<Duration> {
        @Override
        public Duration convert(String text) {
            return Durations.parse(text)
                    .orElseThrow(() ->
                            new TypeConversionException("'" + text + "' is not a duration (examples: 4h, 1h30m, 90m)"));
        }
    }
}
