package io.virttune.cli;

import java.util.List;
import java.util.Optional;
import picocli.CommandLine;
import picocli.CommandLine.Command;

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
     * The subcommand the words name, after the root's own {@code -c URI}; none when another root
     * option or an unknown word comes first.
     */
    private static Optional<Class<?>> named(String... args) {
        for (int i = 0; i < args.length; i++) {
            String word = args[i];
            if (word.equals("-c") || word.equals("--connect")) {
                i++;
            } else if (!word.startsWith("--connect=") && !(word.startsWith("-c") && word.length() > 2)) {
                return SUBCOMMANDS.stream()
                        .filter(command -> !command.equals(CommandLine.HelpCommand.class)
                                && command.getAnnotation(Command.class).name().equals(word))
                        .findFirst();
            }
        }
        return Optional.empty();
    }
}
