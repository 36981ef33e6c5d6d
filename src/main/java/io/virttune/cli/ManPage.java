package io.virttune.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine;
import picocli.CommandLine.Help;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * A command's man page in roff, from the same picocli model as its --help, so the two never
 * disagree. (picocli-codegen's ManPageGenerator writes AsciiDoc, which needs Asciidoctor to
 * become a man page; roff is what man reads.)
 */
final class ManPage {
    private final CommandSpec spec;
    private final String version;

    ManPage(CommandSpec spec, String version) {
        this.spec = spec;
        this.version = version;
    }

    /** The file name: {@code virt-tune-bench-compare.1} for {@code virt-tune bench compare}. */
    static String fileName(CommandSpec spec) {
        return spec.qualifiedName("-") + ".1";
    }

    String render() {
        List<String> lines = new ArrayList<>();
        String name = spec.qualifiedName("-");
        lines.add(
                ".TH " + name.toUpperCase(Locale.ROOT) + " 1 \"\" \"virt-tune " + version + "\" \"virt-tune manual\"");
        lines.add(".SH NAME");
        lines.add(escape(name) + " \\- " + escape(summary(spec)));
        lines.add(".SH SYNOPSIS");
        lines.add(".nf");
        lines.add(escape(new Help(spec, Help.defaultColorScheme(Help.Ansi.OFF))
                .synopsis(0)
                .strip()));
        lines.add(".fi");
        lines.add(".SH DESCRIPTION");
        for (String paragraph : spec.usageMessage().description()) {
            lines.add(".PP");
            lines.add(escape(paragraph));
        }
        arguments(lines);
        options(lines);
        commands(lines);
        examples(lines);
        definitions(lines, ".SH ENVIRONMENT", ENVIRONMENT);
        definitions(lines, ".SH FILES", FILES);
        lines.add(".SH EXIT STATUS");
        lines.add("0 done, 1 something could not be read or done, 2 bad command line, 3 refused by a safety rule.");
        lines.add(".SH SEE ALSO");
        lines.add(seeAlso());
        return String.join("\n", lines) + "\n";
    }

    /** Name, then meaning: as every page says them. */
    private static final List<List<String>> ENVIRONMENT = List.of(
            List.of(
                    "LIBVIRT_DEFAULT_URI",
                    "the libvirt URI when no -c/--connect is given, as for virsh; else" + " qemu:///system"),
            List.of(
                    "COLUMNS",
                    "the width of a text report when no --width is given; else the terminal's; a report to"
                            + " a file or a pipe keeps whole lines (0: no limit)"),
            List.of(
                    "XDG_RUNTIME_DIR",
                    "where the fleet commands keep ssh's shared connections (virt-tune-ssh, the"
                            + " operator's alone); else a directory under /tmp named for the user"),
            List.of(
                    "VIRT_TUNE_JAR, VIRT_TUNE_ARCHIVE, VIRT_TUNE_EXAMPLE",
                    "the launcher's jar, class-data archive and the"
                            + " example host it trains the archive on (defaults under FILES)"));

    private static final List<List<String>> FILES = List.of(
            List.of(
                    "/var/lib/virt-tune",
                    "the state directory (--state-dir) of apply, rollback and cleanup:"
                            + " per domain UUID its journal and the backups of its definition (with its secrets: root's alone), and"
                            + " locks/; calibrations/, what calibrate measured, read by plan; never removed by the package"),
            List.of("/var/lib/virt-tune/bench", "bench's stored runs, DOMAIN/LABEL.json, read back by bench compare"),
            List.of(
                    "/var/cache/virt-tune/virt-tune.jsa",
                    "the launcher's class-data archive, written at installation;" + " removed by a purge"),
            List.of(
                    "/usr/share/virt-tune/virt-tune.jar, /usr/share/virt-tune/example",
                    "the program, and the example" + " host the archive is trained on"));

    private static void definitions(List<String> lines, String heading, List<List<String>> entries) {
        lines.add(heading);
        for (List<String> entry : entries) {
            lines.add(".TP");
            lines.add(".B " + escape(entry.get(0)));
            lines.add(escape(entry.get(1)));
        }
    }

    private void arguments(List<String> lines) {
        List<PositionalParamSpec> positionals =
                spec.positionalParameters().stream().filter(p -> !p.hidden()).toList();
        if (positionals.isEmpty()) {
            return;
        }
        lines.add(".SH ARGUMENTS");
        for (PositionalParamSpec positional : positionals) {
            lines.add(".TP");
            lines.add(".I " + escape(positional.paramLabel()));
            lines.add(escape(String.join(" ", positional.description())));
        }
    }

    private void options(List<String> lines) {
        lines.add(".SH OPTIONS");
        for (OptionSpec option : spec.options()) {
            if (option.hidden()) {
                continue;
            }
            lines.add(".TP");
            String names = String.join(", ", option.names());
            String value = option.arity().max() > 0 ? " \\fI" + escape(option.paramLabel()) + "\\fR" : "";
            lines.add(".B " + escape(names) + value);
            lines.add(escape(String.join(" ", option.description())));
        }
    }

    private void commands(List<String> lines) {
        List<CommandLine> subcommands = documented(spec);
        if (subcommands.isEmpty()) {
            return;
        }
        lines.add(".SH COMMANDS");
        for (CommandLine subcommand : subcommands) {
            lines.add(".TP");
            lines.add(".B " + escape(subcommand.getCommandName()));
            lines.add(escape(summary(subcommand.getCommandSpec())) + ". See \\fB"
                    + escape(subcommand.getCommandSpec().qualifiedName("-")) + "\\fR(1).");
        }
    }

    private void examples(List<String> lines) {
        String[] footer = spec.usageMessage().footer();
        if (footer.length == 0) {
            return;
        }
        lines.add(".SH EXAMPLES");
        lines.add(".nf");
        for (String example : footer) {
            lines.add(escape(example.strip()));
        }
        lines.add(".fi");
    }

    private String seeAlso() {
        List<String> pages = new ArrayList<>();
        if (spec.parent() != null) {
            pages.add("\\fB" + escape(spec.parent().qualifiedName("-")) + "\\fR(1)");
        }
        documented(spec)
                .forEach(sub -> pages.add("\\fB" + escape(sub.getCommandSpec().qualifiedName("-")) + "\\fR(1)"));
        pages.add("\\fBvirsh\\fR(1)");
        return String.join(", ", pages);
    }

    /** The first sentence of the description, for NAME and for the list of commands. */
    private static String summary(CommandSpec spec) {
        return spec.usageMessage().description()[0].split("\\.( |$)", 2)[0];
    }

    /** The subcommands that have pages: all but picocli's own help command. */
    static List<CommandLine> documented(CommandSpec spec) {
        return spec.subcommands().values().stream()
                .distinct()
                .filter(sub -> !(sub.getCommandSpec().userObject() instanceof CommandLine.HelpCommand))
                .toList();
    }

    /** roff: a backslash is \e, a minus is \-, and a line may not begin with a control character. */
    private static String escape(String text) {
        String escaped = text.replace("\\", "\\e").replace("-", "\\-");
        return escaped.lines()
                .map(line -> line.startsWith(".") || line.startsWith("'") ? "\\&" + line : line)
                .reduce((a, b) -> a + "\n" + b)
                .orElse("");
    }
}
