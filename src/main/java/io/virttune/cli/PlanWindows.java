package io.virttune.cli;

import io.virttune.plan.Plan;
import io.virttune.plan.Schedule;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/** The guests of one window of a plan's schedule, for {@code apply --window N}. */
final class PlanWindows {
    private PlanWindows() {}

    /** Refused when domains are named beside {@code --window}, which chooses them. */
    static void requireNoneNamed(CommandSpec spec, List<String> named) {
        if (!named.isEmpty()) {
            throw new ParameterException(
                    spec.commandLine(), "--window chooses the domains: name none with it (" + named + ")");
        }
    }

    /** The domains of window {@code number}; refused when the plan has no such window or domains are also named. */
    static List<String> chosen(CommandSpec spec, Plan plan, Path planFile, int number, List<String> named) {
        requireNoneNamed(spec, named);
        Schedule schedule = plan.schedule();
        if (schedule == null) {
            throw new ParameterException(
                    spec.commandLine(),
                    planFile + " has no windows: make it with plan --window DURATION (and --copy-rate SIZE)");
        }
        return schedule.window(number)
                .map(w -> w.domains().stream().map(Schedule.Slot::domain).toList())
                .orElseThrow(() -> new ParameterException(
                        spec.commandLine(),
                        planFile + " has "
                                + (schedule.windows().isEmpty()
                                        ? "no window: no guest goes down to move"
                                        : "windows 1 to " + schedule.windows().size())
                                + ", not " + number));
    }
}
