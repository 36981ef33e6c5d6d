package io.virttune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.testing.Cli;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Completion, man pages and --help examples, all from the command model. */
class DocumentationTest {
    private static final List<String> COMMANDS =
            List.of("inspect", "plan", "apply", "rollback", "cleanup", "bench", "bench compare", "snippets");

    @TempDir
    Path temp;

    @Test
    void completionKnowsEveryCommandAndItsOptions() throws IOException {
        Documentation.generate(temp, "1.2.3");

        for (String shell : List.of("bash", "zsh")) {
            String script = Files.readString(temp.resolve("completion/virt-tune." + shell));
            for (String command : COMMANDS) {
                String function = "_picocli_virt-tune_" + command.replace(" ", "_");
                assertTrue(script.contains(function + "()"), shell + ": " + function);
            }
            assertTrue(script.contains("--thin-pool"), shell);
            assertTrue(script.contains("complete -F _complete_virt-tune"), shell);
        }
    }

    /** bash on TAB, with a virsh on PATH that lists two guests and says how it was asked. */
    @Test
    void guestNamesCompleteFromVirshOnTheUriOfTheLineAndOptionValuesFromTheirList() throws Exception {
        Documentation.generate(temp, "1.2.3");
        Path bin = Files.createDirectories(temp.resolve("bin"));
        Path virsh = Files.writeString(
                bin.resolve("virsh"),
                "#!/bin/sh\necho \"$*\" > \"$(dirname \"$0\")/asked\"\n" + "printf 'web01\\ncustomer vm 2\\n'\n");
        virsh.toFile().setExecutable(true);

        assertEquals(
                List.of("web01", "customer vm 2"),
                complete(bin, "virt-tune", "rollback", "-c", "qemu+ssh://hv02/system", ""));
        assertEquals(
                "-r -q -c qemu+ssh://hv02/system list --all --name",
                Files.readString(bin.resolve("asked")).strip());
        assertEquals(List.of("web01"), complete(bin, "virt-tune", "--connect=test:///default", "inspect", "web"));
        assertEquals(
                "-r -q -c test:///default list --all --name",
                Files.readString(bin.resolve("asked")).strip());
        assertEquals(List.of("none", "writeback"), complete(bin, "virt-tune", "plan", "--cache", ""));
        assertEquals(List.of("on", "off"), complete(bin, "virt-tune", "plan", "--thin-zeroing", ""));
    }

    /** What bash completes for {@code words}, the last one being typed (empty: after a space). */
    private List<String> complete(Path bin, String... words) throws Exception {
        String script = "source " + temp.resolve("completion/virt-tune.bash") + "\ncompopt() { :; }\n"
                + "COMP_WORDS=(\"$@\"); COMP_CWORD=$(($# - 1)); COMP_LINE=\"$*\"; COMP_POINT=${#COMP_LINE}\n"
                + "_complete_virt-tune virt-tune \"${COMP_WORDS[COMP_CWORD]}\" \"${COMP_WORDS[COMP_CWORD-1]}\"\n"
                + "printf '%s\\n' \"${COMPREPLY[@]}\"\n";
        List<String> command = new ArrayList<>(List.of("bash", "-c", script, "completion"));
        command.addAll(List.of(words));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().put("PATH", bin + ":" + System.getenv("PATH"));
        builder.environment().remove("LIBVIRT_DEFAULT_URI");
        Process process = builder.start();
        String out = new String(process.getInputStream().readAllBytes());
        assertEquals(0, process.waitFor(), out);
        return out.lines().filter(word -> !word.isEmpty()).toList();
    }

    @Test
    void everyCommandHasAManPageWithItsOptionsAndExamples() throws IOException {
        Documentation.generate(temp, "1.2.3");

        String top = Files.readString(temp.resolve("man/man1/virt-tune.1"));
        assertTrue(top.startsWith(".TH VIRT-TUNE 1 \"\" \"virt-tune 1.2.3\" \"virt-tune manual\"\n"), top);
        for (String command : COMMANDS) {
            Path page = temp.resolve("man/man1/virt-tune-" + command.replace(' ', '-') + ".1");
            String roff = Files.readString(page);
            assertTrue(roff.contains("\n.SH OPTIONS\n") && roff.contains("\n.SH EXAMPLES\n"), page.toString());
            assertTrue(
                    top.contains("\\fBvirt\\-tune\\-" + command.replace(" ", "\\-") + "\\fR(1)")
                            || command.contains(" "),
                    "the top page points to " + command);
        }
        assertTrue(
                top.contains(
                        "\n.SH ENVIRONMENT\n.TP\n.B LIBVIRT_DEFAULT_URI\nthe libvirt URI when no \\-c/\\-\\-connect"),
                top);
        assertTrue(top.contains("\n.SH FILES\n.TP\n.B /var/lib/virt\\-tune\n"), top);
        String rollback = Files.readString(temp.resolve("man/man1/virt-tune-rollback.1"));
        assertTrue(rollback.contains("\n.B \\-y, \\-\\-yes\n"), rollback);
        assertTrue(rollback.contains("\nvirt\\-tune rollback 'web*' \\-\\-execute\n"), rollback);
    }

    @Test
    void theBuildWroteCompletionAndManPagesUnderTarget() {
        assertTrue(Files.isRegularFile(Path.of("target/completion/virt-tune.bash")), "mvn process-classes writes them");
        assertTrue(Files.isRegularFile(Path.of("target/completion/virt-tune.zsh")));
        assertTrue(Files.isRegularFile(Path.of("target/man/man1/virt-tune.1")));
        assertTrue(Files.isRegularFile(Path.of("target/man/man1/virt-tune-plan.1")));
    }

    @Test
    void everyCommandsHelpEndsWithExamples() {
        for (String command : COMMANDS) {
            List<String> args = new ArrayList<>(List.of(command.split(" ")));
            args.add("--help");

            Cli cli = Cli.run(args.toArray(String[]::new));

            assertEquals(0, cli.exitCode(), cli.transcript());
            String examples = cli.out().substring(cli.out().indexOf("\nExamples:\n") + 1);
            assertTrue(cli.out().contains("\nExamples:\n  virt-tune "), command + ":\n" + cli.out());
            assertTrue(examples.lines().skip(1).allMatch(line -> line.startsWith("  virt-tune ")), examples);
        }
    }
}
