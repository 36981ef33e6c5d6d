package io.virttune.testing;

import io.virttune.cli.Main;
import io.virttune.cli.Terminal;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.Optional;

/** Runs virt-tune's command line in-process and keeps what it printed and its exit code. */
public record Cli(int exitCode, String out, String err) {

    /** The test-driver URI of the bundled example host. */
    public static final String EXAMPLE_URI =
            "test://" + Path.of("examples/hv01/node.xml").toAbsolutePath();

    /** Runs as scripts and CI do: with no terminal to ask on. */
    public static Cli run(String... args) {
        return runAt(question -> Optional.empty(), args);
    }

    /** Runs with {@code terminal} as the operator's terminal, which answers confirmations. */
    public static Cli runAt(Terminal terminal, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = new Main(new PrintWriter(out, true), new PrintWriter(err, true), terminal).run(args);
        return new Cli(code, out.toString(), err.toString());
    }

    /** For assertion messages: everything the run printed. */
    public String transcript() {
        return "exit " + exitCode + "\n--- out\n" + out + "--- err\n" + err;
    }

    /**
     * Output with this machine's specifics replaced by placeholders: the project's absolute path,
     * the host name (libvirt's test driver reports the real machine's), and timestamps.
     */
    public String normalizedOut() {
        return out.replace(Path.of("").toAbsolutePath().toString(), "$PROJECT")
                .replaceAll("(?m)^(Host|Plan for) \\S+  \\(", "$1 \\$HOST  (")
                .replaceAll("\"hostname\" : \"[^\"]*\"", "\"hostname\" : \"\\$HOST\"")
                .replaceAll("\"createdAt\" : \"[^\"]*\"", "\"createdAt\" : \"\\$TIME\"");
    }
}
