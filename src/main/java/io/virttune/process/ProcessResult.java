package io.virttune.process;

import io.virttune.VirtTuneException;
import java.util.List;

/** What one finished external command returned: its argv, exit code, stdout and stderr. */
public record ProcessResult(List<String> argv, int exitCode, String stdout, String stderr) {

    /** The exit code a shell uses for a command that does not exist; the runner uses it too. */
    public static final int NOT_FOUND = 127;

    /**
     * The exit code of a command a SIGTERM ended (128 + 15), and the runner's for one it did not
     * start because virt-tune is stopping.
     */
    public static final int STOPPED = 143;

    public ProcessResult {
        argv = List.copyOf(argv);
    }

    public boolean succeeded() {
        return exitCode == 0;
    }

    /** Returns this result, or throws naming the command, its exit code and its stderr. */
    public ProcessResult requireSuccess() {
        if (succeeded()) {
            return this;
        }
        if (exitCode == NOT_FOUND) {
            throw VirtTuneException.failed(
                    "'" + argv.get(0) + "' is not installed or not on PATH (" + stderr.strip() + ")");
        }
        throw VirtTuneException.failed(
                "'" + String.join(" ", argv) + "' failed with exit code " + exitCode + ": " + firstLines(stderr));
    }

    private static String firstLines(String text) {
        String stripped = text.strip();
        if (stripped.isEmpty()) {
            return "(no error output)";
        }
        String[] lines = stripped.split("\n");
        return lines.length <= 5 ? stripped : String.join("\n", List.of(lines).subList(0, 5)) + "\n...";
    }
}
