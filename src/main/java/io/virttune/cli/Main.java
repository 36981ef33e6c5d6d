package io.virttune.cli;

import io.virttune.ExitCode;
import io.virttune.VirtTuneException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import picocli.CommandLine;

/** The process entry point: builds the picocli command tree and maps failures to exit codes. */
public final class Main {
    private final PrintWriter out;
    private final PrintWriter err;
    private final Terminal terminal;

    public Main(PrintWriter out, PrintWriter err) {
        this(out, err, Terminal.system());
    }

    public Main(PrintWriter out, PrintWriter err, Terminal terminal) {
        this.out = out;
        this.err = err;
        this.terminal = terminal;
    }

    public static void main(String[] args) {
        PrintWriter out = new PrintWriter(System.out, true, StandardCharsets.UTF_8);
        PrintWriter err = new PrintWriter(System.err, true, StandardCharsets.UTF_8);
        System.exit(new Main(out, err).run(args));
    }

    /** Runs one command line and returns its exit code; output goes to the writers given. */
    public int run(String... args) {
        CommandLine commandLine = CommandTree.forArguments(new VirtTuneCommand(terminal), args);
        commandLine.setOut(out);
        commandLine.setErr(err);
        commandLine.setExecutionExceptionHandler(this::handleFailure);
        commandLine.setParameterExceptionHandler(this::handleUsageError);
        int exitCode = commandLine.execute(args);
        out.flush();
        err.flush();
        return exitCode;
    }

    /** The one line that matters and where to read more, as GNU tools do; never the whole help. */
    private int handleUsageError(CommandLine.ParameterException e, String[] args) {
        // picocli words some of its messages "Error: ..."; the prefix already says whose error it is.
        err.println("virt-tune: " + e.getMessage().replaceFirst("^Error: ", ""));
        CommandLine.UnmatchedArgumentException.printSuggestions(e, err);
        err.println(tryHelp(e.getCommandLine()));
        return ExitCode.USAGE.code();
    }

    private int handleFailure(Exception e, CommandLine commandLine, CommandLine.ParseResult parsed) {
        if (e instanceof VirtTuneException failure) {
            err.println("virt-tune: " + failure.getMessage());
            if (failure.exitCode() == ExitCode.USAGE) {
                err.println(tryHelp(commandLine));
            }
            return failure.exitCode().code();
        }
        err.println("virt-tune: internal error: " + e);
        e.printStackTrace(err);
        return ExitCode.FAILED.code();
    }

    private static String tryHelp(CommandLine commandLine) {
        return "Try '" + commandLine.getCommandSpec().qualifiedName() + " --help'.";
    }
}
