package io.virttune.bench;

import java.util.ArrayList;
import java.util.List;

/**
 * One fio command: one section of the job file for a {@link BenchSettings}, its arguments, the
 * environment that fills in the job file's variables, and the job file text. The same run goes
 * to the guest (job file on stdin) and to the host ceiling (job file as a path).
 */
public record FioRun(String section, List<String> options, List<String> environment, String jobFile) {

    public static FioRun of(FioJobFile jobFile, BenchSettings settings, String section) {
        List<String> environment = List.of(
                "VT_FILE=" + settings.target().path(),
                "VT_SIZE=" + settings.sizeBytes(),
                "VT_RUNTIME=" + settings.runtimeSeconds());
        return new FioRun(
                section, List.of("--output-format=json", "--section=" + section), environment, jobFile.text());
    }

    /** fio's arguments, ending with the job file: {@code -} for stdin, or a path. */
    public List<String> arguments(String jobFileArgument) {
        List<String> arguments = new ArrayList<>(options);
        arguments.add(jobFileArgument);
        return arguments;
    }

    /** The same run with another target, for the host ceiling. */
    public FioRun withTarget(String path) {
        List<String> changed = environment.stream()
                .map(variable -> variable.startsWith("VT_FILE=") ? "VT_FILE=" + path : variable)
                .toList();
        return new FioRun(section, options, changed, jobFile);
    }
}
