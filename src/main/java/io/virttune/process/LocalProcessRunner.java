package io.virttune.process;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Consumer;

/**
 * Runs commands on this machine, in the C locale so tools print parseable, untranslated text, and
 * so that none outlives virt-tune.
 */
public final class LocalProcessRunner implements ProcessRunner {
    private static final List<String> DIE_WITH_PARENT = List.of("setpriv", "--pdeathsig", "KILL", "--");
    /** Its own process group (setsid does not fork: the child of a JVM leads no group), which a limit stops whole. */
    private static final List<String> OWN_GROUP = List.of("setsid", "--");
    /** An ignored signal stays ignored across exec: sh ignores SIGPIPE, then becomes the command. */
    private static final List<String> RUN_TO_ITS_END =
            List.of("setsid", "--", "sh", "-c", "trap '' PIPE; exec \"$0\" \"$@\"");
    /**
     * The threads that feed a command's stdin and read its stderr, one each for as long as it
     * runs: the shared fork-join pool has one thread on a 2-CPU machine, and a command waiting for
     * its input behind another command's reader would wait for that command's end.
     */
    private static final ExecutorService PIPES = Executors.newCachedThreadPool(runnable -> {
        Thread thread = new Thread(runnable, "command-pipe");
        thread.setDaemon(true);
        return thread;
    });

    @Override
    public ProcessResult run(List<String> argv, Consumer<String> stdoutLines) {
        return run(argv, "", stdoutLines, line -> {}, Optional.empty());
    }

    @Override
    public ProcessResult run(List<String> argv, Duration limit) {
        if (runsToItsEnd(argv)) {
            throw new IllegalArgumentException("lvm runs to its end, so it takes no limit: " + argv);
        }
        return run(argv, "", line -> {}, line -> {}, Optional.of(limit));
    }

    @Override
    public ProcessResult feed(List<String> argv, String input, Consumer<String> stderrLines) {
        return run(argv, input, line -> {}, stderrLines, Optional.empty());
    }

    private ProcessResult run(
            List<String> argv,
            String input,
            Consumer<String> stdoutLines,
            Consumer<String> stderrLines,
            Optional<Duration> limit) {
        boolean runsToItsEnd = runsToItsEnd(argv);
        List<String> command = new ArrayList<>(runsToItsEnd ? RUN_TO_ITS_END : DIE_WITH_PARENT);
        if (limit.isPresent()) {
            command.addAll(OWN_GROUP);
        }
        command.addAll(argv);
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().put("LC_ALL", "C");
        Process process;
        try {
            process = RunningChildren.start(builder::start, argv, runsToItsEnd, runsToItsEnd || limit.isPresent());
        } catch (IOException e) {
            return new ProcessResult(
                    argv,
                    ProcessResult.NOT_FOUND,
                    "",
                    e.getMessage() + " (virt-tune starts every command through setpriv or setsid, from util-linux)");
        } catch (RunningChildren.NotStarted stopping) {
            return new ProcessResult(argv, ProcessResult.STOPPED, "", stopping.getMessage());
        }
        try (Deadline deadline = limit.map(after -> Deadline.of(process, after)).orElseGet(Deadline::none)) {
            CompletableFuture<String> stderr = CompletableFuture.supplyAsync(
                    () -> {
                        try {
                            return readLines(process.getErrorStream(), stderrLines);
                        } catch (IOException e) {
                            throw new UncheckedIOException(e);
                        }
                    },
                    PIPES);
            // Written beside the readers: a command that answers before it has read all of its input must not block.
            CompletableFuture<Void> stdin =
                    CompletableFuture.runAsync(() -> write(process.getOutputStream(), input), PIPES);
            String stdout = readLines(process.getInputStream(), stdoutLines);
            int exitCode = runsToItsEnd ? awaitEndUninterrupted(process) : process.waitFor();
            stdin.join();
            String errors = stderr.join();
            if (deadline.expired()) {
                throw new CommandTimedOut(argv, limit.orElseThrow());
            }
            return new ProcessResult(argv, exitCode, stdout, errors);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            if (limit.isPresent()) {
                ProcessGroup.kill(process.pid());
            } else {
                process.destroyForcibly();
            }
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running " + argv.get(0), e);
        } finally {
            RunningChildren.ended(process);
        }
    }

    private static boolean runsToItsEnd(List<String> argv) {
        return Path.of(argv.get(0)).getFileName().toString().equals("lvm");
    }

    /** Waits for a command that must run to its end, through interrupts, which are kept for the caller. */
    private static int awaitEndUninterrupted(Process process) {
        boolean interrupted = false;
        while (true) {
            try {
                int exitCode = process.waitFor();
                if (interrupted) {
                    Thread.currentThread().interrupt();
                }
                return exitCode;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
    }

    /** Writes the input and closes stdin; a command that exits without reading it all is not an error here. */
    private static void write(OutputStream stdin, String input) {
        try (stdin) {
            stdin.write(input.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            // A broken pipe: the command closed its stdin; its exit code says what happened.
        }
    }

    private static String readLines(InputStream stream, Consumer<String> lines) throws IOException {
        StringBuilder all = new StringBuilder();
        StringBuilder line = new StringBuilder();
        try (Reader reader = new InputStreamReader(stream, StandardCharsets.UTF_8)) {
            int c;
            while ((c = reader.read()) != -1) {
                all.append((char) c);
                if (c == '\n' || c == '\r') {
                    if (line.length() > 0) {
                        lines.accept(line.toString());
                        line.setLength(0);
                    }
                } else {
                    line.append((char) c);
                }
            }
        }
        if (line.length() > 0) {
            lines.accept(line.toString());
        }
        return all.toString();
    }
}
