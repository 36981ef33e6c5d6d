package io.virttune.cli;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/** How apply runs a host's plan: resumed or not, domains at a time, the host's copy cap, the convergence window. */
public final class ApplyRunOptions {
    @Option(names = "--resume", description = "continue domains whose earlier apply was interrupted")
    boolean resume;

    @Option(names = "--jobs", paramLabel = "N", description = "domains at a time (default: 1)")
    int jobs = 1;

    @Option(
            names = "--host-bandwidth",
            paramLabel = "SIZE",
            converter = SizeConverter.class,
            description = "cap the live copies running at once on the host at SIZE per second together, shared fairly"
                    + " (e.g. 200M; default: no cap beyond each disk's own --bandwidth)")
    long hostBandwidth;

    @Option(
            names = "--converge-within",
            paramLabel = "SECONDS",
            description =
                    "a live copy that goes SECONDS without getting closer to ready, or whose pace over the last third"
                            + " of them says the guest writes faster than it copies, is copied again with synchronous"
                            + " writes (default: 30)")
    Integer convergeWithin;

    /** Refuses values no run can take, before anything is read. */
    void check(CommandSpec spec) {
        if (jobs < 1) {
            throw new ParameterException(spec.commandLine(), "--jobs must be at least 1, got " + jobs);
        }
        if (convergeWithin != null && convergeWithin < 1) {
            throw new ParameterException(
                    spec.commandLine(), "--converge-within must be at least 1 second, got " + convergeWithin);
        }
    }

    /** The window given, or empty for the default one. */
    Optional<Duration> convergence() {
        return Optional.ofNullable(convergeWithin).map(Duration::ofSeconds);
    }

    /** These choices as each host's virt-tune apply is given them: only those that differ from its defaults. */
    List<String> forEachHost() {
        List<String> options = new ArrayList<>();
        if (resume) {
            options.add("--resume");
        }
        if (jobs != 1) {
            options.add("--jobs=" + jobs);
        }
        if (hostBandwidth != 0) {
            options.add("--host-bandwidth=" + hostBandwidth);
        }
        if (convergeWithin != null) {
            options.add("--converge-within=" + convergeWithin);
        }
        return options;
    }
}
