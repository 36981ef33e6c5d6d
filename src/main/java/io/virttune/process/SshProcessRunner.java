package io.virttune.process;

import io.virttune.VirtTuneException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.regex.Pattern;

/**
 * Runs commands on another host through OpenSSH, in batch mode over one shared connection per host.
 */
public final class SshProcessRunner implements ProcessRunner {
    /** A destination ssh reads as a host, never as an option or as several words. */
    private static final Pattern DESTINATION = Pattern.compile("[A-Za-z0-9_.@:%-]+");

    private static final Pattern SAFE_WORD = Pattern.compile("[A-Za-z0-9_@%+=:,./-]+");
    private static final List<String> KEEPALIVE =
            List.of("-o", "ServerAliveInterval=10", "-o", "ServerAliveCountMax=3");

    private final String program;
    private final String destination;
    private final List<String> connectionOptions;
    private final Path controlDirectory;
    private final ProcessRunner local;
    /** {@link #KEEPALIVE}, or nothing where the operator's configuration has its own; asked of ssh once. */
    private List<String> keepalive;

    /**
     * @param destination a host name, alias of ~/.ssh/config, or user@host
     * @param connectionOptions more ssh options for this host (a port: {@code -p 2222})
     * @param controlDirectory where the shared connections' sockets live (private to the operator)
     */
    public SshProcessRunner(
            String program,
            String destination,
            List<String> connectionOptions,
            Path controlDirectory,
            ProcessRunner local) {
        if (destination.startsWith("-") || !DESTINATION.matcher(destination).matches()) {
            throw VirtTuneException.usage(
                    "'" + destination + "' is not a host name ssh can be given safely; name the host by its name,"
                            + " address or ~/.ssh/config alias (letters, digits, '.', '-', '_', '@', ':')");
        }
        this.program = program;
        this.destination = destination;
        this.connectionOptions = List.copyOf(connectionOptions);
        this.controlDirectory = controlDirectory;
        this.local = local;
    }

    @Override
    public ProcessResult run(List<String> argv, Consumer<String> stdoutLines) {
        return asAsked(argv, local.run(sshArgv(argv), stdoutLines));
    }

    @Override
    public ProcessResult run(List<String> argv, Duration limit) {
        try {
            return asAsked(argv, local.run(sshArgv(argv), limit));
        } catch (CommandTimedOut e) {
            throw new CommandTimedOut(argv, "on " + destination, limit);
        }
    }

    @Override
    public ProcessResult feed(List<String> argv, String input, Consumer<String> stderrLines) {
        return asAsked(argv, local.feed(sshArgv(argv), input, stderrLines));
    }

    /** Callers name the command they asked for; ssh's own failures (255) keep its argv and say which host. */
    private ProcessResult asAsked(List<String> argv, ProcessResult result) {
        return result.exitCode() == 255
                ? new ProcessResult(
                        result.argv(), 255, result.stdout(), "ssh to " + destination + ": " + result.stderr())
                : new ProcessResult(argv, result.exitCode(), result.stdout(), result.stderr());
    }

    /** The local command line that runs argv on the host. */
    public List<String> sshArgv(List<String> argv) {
        List<String> command = new ArrayList<>(List.of(
                program,
                "-o",
                "BatchMode=yes",
                "-o",
                "ControlMaster=auto",
                "-o",
                "ControlPath=" + controlDirectory.resolve("%C"),
                "-o",
                "ControlPersist=60"));
        command.addAll(keepalive());
        command.addAll(connectionOptions);
        command.add(destination);
        command.add("--");
        command.add("LC_ALL=C " + remoteCommandLine(argv));
        return command;
    }

    /**
     * What {@code ssh -G} (the configuration ssh would use for this host, without connecting) says
     * of keepalives: a {@code ServerAliveInterval} the operator set is kept; ssh's default, none, is
     * replaced by {@link #KEEPALIVE}.
     */
    private synchronized List<String> keepalive() {
        if (keepalive == null) {
            List<String> argv = new ArrayList<>(List.of(program, "-G"));
            argv.addAll(connectionOptions);
            argv.add(destination);
            ProcessResult configuration = local.run(argv);
            boolean operatorsOwn = configuration.succeeded()
                    && configuration
                            .stdout()
                            .lines()
                            .anyMatch(line ->
                                    line.startsWith("serveraliveinterval ") && !line.equals("serveraliveinterval 0"));
            keepalive = operatorsOwn ? List.of() : KEEPALIVE;
        }
        return keepalive;
    }

    /** argv as one line for the remote shell: each word quoted unless it cannot be misread. */
    public static String remoteCommandLine(List<String> argv) {
        List<String> words = new ArrayList<>();
        for (String word : argv) {
            words.add(
                    !word.isEmpty() && SAFE_WORD.matcher(word).matches()
                            ? word
                            : "'" + word.replace("'", "'\\''") + "'");
        }
        return String.join(" ", words);
    }
}
