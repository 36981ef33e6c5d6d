package io.virttune.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import picocli.AutoComplete;
import picocli.CommandLine;

/**
 * Writes bash and zsh completion and the man pages from the command model, at build time
 * (exec-maven-plugin, process-classes): {@code DIR/completion/}, {@code DIR/man/man1/}.
 */
public final class Documentation {
    private Documentation() {}

    /** Arguments: the output directory and the version to print in the man pages. */
    public static void main(String[] args) {
        generate(Path.of(args[0]), args[1]);
    }

    static void generate(Path directory, String version) {
        CommandLine root = CommandTree.whole(new VirtTuneCommand(question -> Optional.empty()));
        // picocli's script completes in zsh too, through bashcompinit; zsh users source the .zsh copy.
        String completion = DomainCompletion.into(AutoComplete.bash("virt-tune", root));
        write(directory.resolve("completion/virt-tune.bash"), completion);
        write(
                directory.resolve("completion/virt-tune.zsh"),
                "# virt-tune completion for zsh: source this file from ~/.zshrc\n" + completion);
        for (CommandLine command : withSubcommands(root)) {
            write(
                    directory.resolve("man/man1").resolve(ManPage.fileName(command.getCommandSpec())),
                    new ManPage(command.getCommandSpec(), version).render());
        }
    }

    private static List<CommandLine> withSubcommands(CommandLine command) {
        List<CommandLine> all = new ArrayList<>(List.of(command));
        ManPage.documented(command.getCommandSpec()).forEach(sub -> all.addAll(withSubcommands(sub)));
        return all;
    }

    private static void write(Path file, String text) {
        OutputFiles.createDirectories(file.getParent());
        OutputFiles.write(file, text);
    }
}
