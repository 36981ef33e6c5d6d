package io.virttune.cli;

import java.util.List;
import java.util.Optional;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;

/**
 * virt-tune's picocli command tree, built whole only when a command line needs it whole.
 */
final class CommandTree {
    /** The subcommands, in the order help lists them. */
    private static final List<Class<?>> SUBCOMMANDS = List.of(
            InspectCommand.class,
            PlanCommand.class,
            ApplyCommand.class,
            RollbackCommand.class,
            CleanupCommand.class,
            CalibrateCommand.class,
            BenchCommand.class,
            SnippetsCommand.class,
            CommandLine.HelpCommand.class);

    private CommandTree() {}

    /** Every command: for help, documentation and any command line that names none. */
    static CommandLine whole(VirtTuneCommand root) {
        CommandLine tree = new CommandLine(root);
        SUBCOMMANDS.forEach(command -> tree.addSubcommand(command));
        return tree;
    }

    /** The tree {@code args} need: the subcommand they name alone, else the whole tree. */
    static CommandLine forArguments(VirtTuneCommand root, String... args) {
        return named(args)
                .map(command -> new CommandLine(root).addSubcommand(command))
                .orElseGet(() -> whole(root));
    }

    /**
     * The subcommand the words name, after the root's own options ({@code -c URI} in any of the
     * forms picocli takes); none when help or an unknown word comes first. picocli parses the
     * root's options on a root of its own, with no subcommands, so that this costs no more than
     * the tree it saves, and leaves the real root's fields to the real parse.
     */
    private static Optional<Class<?>> named(String... args) {
        CommandLine root = new CommandLine(new VirtTuneCommand(question -> Optional.empty()))
                .setStopAtUnmatched(true)
                .setUnmatchedArgumentsAllowed(true);
        ParseResult parsed;
        try {
            parsed = root.parseArgs(args);
        } catch (ParameterException e) {
            return Optional.empty();
        }
        if (parsed.isUsageHelpRequested() || parsed.unmatched().isEmpty()) {
            return Optional.empty();
        }
        String word = parsed.unmatched().get(0);
        return SUBCOMMANDS.stream()
                .filter(command -> !command.equals(CommandLine.HelpCommand.class)
                        && command.getAnnotation(Command.class).name().equals(word))
                .findFirst();
    }
}
