package io.virttune.host;

import io.virttune.VirtTuneException;
import io.virttune.process.ProcessResult;
import io.virttune.process.ProcessRunner;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * A remote host's files, read with {@code cat}, {@code ls} and {@code test} through the runner
 * that reaches that host, so that /proc and /sys are the host's own and not this machine's.
 */
public final class RemoteFileSystem implements HostFileSystem {
    private static final String MISSING = "No such file or directory";

    private final ProcessRunner runner;
    private final String host;

    public RemoteFileSystem(ProcessRunner runner, String host) {
        this.runner = runner;
        this.host = host;
    }

    @Override
    public Optional<String> read(String relativePath) {
        return answer(List.of("cat", "--", absolute(relativePath)), relativePath);
    }

    @Override
    public List<String> list(String relativePath) {
        return answer(List.of("ls", "-1A", "--", absolute(relativePath)), relativePath)
                .map(text -> Arrays.stream(text.split("\n"))
                        .filter(name -> !name.isEmpty())
                        .sorted()
                        .toList())
                .orElse(List.of());
    }

    @Override
    public boolean exists(String relativePath) {
        ProcessResult result = runner.run(List.of("test", "-e", absolute(relativePath)));
        if (result.exitCode() > 1) {
            throw unreadable(relativePath, result);
        }
        return result.succeeded();
    }

    @Override
    public String describe(String relativePath) {
        return absolute(relativePath) + " on " + host;
    }

    /** A command's output, empty when it says the path does not exist, or an error naming the file. */
    private Optional<String> answer(List<String> argv, String relativePath) {
        ProcessResult result = runner.run(argv);
        if (result.succeeded()) {
            return Optional.of(result.stdout());
        }
        // ls says 2 where cat says 1; ssh's own 255 is never about the file.
        if (result.exitCode() != 255 && result.stderr().contains(MISSING)) {
            return Optional.empty();
        }
        throw unreadable(relativePath, result);
    }

    private VirtTuneException unreadable(String relativePath, ProcessResult result) {
        return VirtTuneException.failed(
                "Cannot read " + describe(relativePath) + ": '" + String.join(" ", result.argv()) + "' exited with "
                        + result.exitCode() + ": " + result.stderr().strip());
    }

    private static String absolute(String relativePath) {
        return relativePath.startsWith("/") ? relativePath : "/" + relativePath;
    }
}
