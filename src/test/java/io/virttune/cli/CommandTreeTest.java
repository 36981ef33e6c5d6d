package io.virttune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.testing.Cli;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** A command line gets the one subcommand it names, and help and typos the whole tree. */
class CommandTreeTest {
    private static List<String> subcommands(String... args) {
        CommandLine tree = CommandTree.forArguments(new VirtTuneCommand(question -> Optional.empty()), args);
        return List.copyOf(tree.getSubcommands().keySet());
    }

    @Test
    void aNamedSubcommandIsBuiltAlone() {
        assertEquals(List.of("inspect"), subcommands("inspect", "--all"));
        assertEquals(List.of("plan"), subcommands("-c", "test:///default", "plan", "--vg", "vg0"));
        assertEquals(List.of("apply"), subcommands("--connect", "qemu:///system", "apply", "plan.json"));
        assertEquals(List.of("bench"), subcommands("--connect=qemu:///system", "bench", "run"));
        assertEquals(List.of("rollback"), subcommands("-cqemu:///system", "rollback"));
        assertEquals(List.of("cleanup"), subcommands("-c=qemu:///system", "cleanup"));
    }

    @Test
    void helpAnUnknownWordAndNoCommandGetTheWholeTreeInHelpOrder() {
        List<String> whole =
                List.of("inspect", "plan", "apply", "rollback", "cleanup", "calibrate", "bench", "snippets", "help");
        assertEquals(whole, subcommands());
        assertEquals(whole, subcommands("--help"));
        assertEquals(whole, subcommands("--help", "plan"));
        assertEquals(whole, subcommands("--frob", "plan"));
        assertEquals(whole, subcommands("help", "plan"));
        assertEquals(whole, subcommands("inspec"));
        assertEquals(whole, subcommands("-c"));
        // picocli refuses -c given twice: the whole tree's parse says so.
        assertEquals(whole, subcommands("-c", "test:///default", "--connect", "qemu:///system", "snippets"));
    }

    @Test
    void aMistypedSubcommandIsStillAnsweredWithTheNearestName() {
        Cli cli = Cli.run("inspec", "--all");

        assertEquals(2, cli.exitCode(), cli.transcript());
        assertTrue(cli.err().contains("inspect"), cli.err());
    }
}
