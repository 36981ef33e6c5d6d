package io.virttune.cli;

import io.virttune.plan.Plan;
import io.virttune.plan.Scheduler;
import io.virttune.text.Durations;
import java.time.Duration;
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
            description = "predict each shut-off guest's downtime at SIZE per second a copy, its verify included"
                    + " (apply prints each copy's rate on this host; default: the --bandwidth cap, if any)")
    Long copyRate;

    @Option(
            names = "--window",
            paramLabel = "DURATION",
            converter = DurationConverter.class,
            description = "order the guests that go down to move into maintenance windows of DURATION each (e.g. 4h,"
                    + " 90m), the longest first; apply --window N moves one window's guests")
    Duration window;

    /** Whether a schedule was asked for. */
    boolean given() {
        return copyRate != null || window != null;
    }

    /** {@code plan} with the schedule asked for, if any; {@code bandwidth} is the plan's cap per copy (0: none). */
    Plan scheduled(Plan plan, long bandwidth) {
        if (!given()) {
            return plan;
        }
        if (copyRate == null && bandwidth == 0) {
            throw new ParameterException(
                    spec.commandLine(),
                    "--window needs a copy rate to predict downtimes by: --copy-rate SIZE (the rate apply printed"
                            + " per copy on this host), or --bandwidth SIZE (each copy's cap)");
        }
        Scheduler scheduler = copyRate != null
                ? new Scheduler(copyRate, "--copy-rate", windowOrNone())
                : new Scheduler(bandwidth, "the --bandwidth cap, the fastest a copy goes", windowOrNone());
        return plan.withSchedule(scheduler.schedule(plan));
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
