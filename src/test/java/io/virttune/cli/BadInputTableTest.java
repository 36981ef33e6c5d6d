package io.virttune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.testing.Cli;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The operator's bad inputs of the second review, as a table run through the CLI: each gets its
 * exit code and a short answer naming what, why and what to do, with no Java type name. (The
 * cases that need a host's LVM or a running libvirtd are tested where those are: apply's
 * refusals in the apply harness, edited plan files in PlanFileProblemsTest.)
 */
class BadInputTableTest {
    private static final String EXAMPLE = "examples/hv01";
    private static final Pattern JAVA = Pattern.compile(
            "\\b(java|javax|io\\.virttune|com\\.fasterxml|picocli)\\.[a-zA-Z]" + "|Exception\\b|\\bnull\\b");

    @TempDir
    static Path temp;

    /** A case: what the operator typed ({@code TEMP} stands for a scratch folder), the exit code, what the answer says. */
    record Case(String name, String line, int exitCode, String says) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Case> cases() {
        String connect = "-c " + Cli.EXAMPLE_URI + " --host-facts " + EXAMPLE;
        return Stream.of(
                new Case(
                        "--virtio-ready naming no domain",
                        "plan win2019* " + connect + " --thin-pool vg_fast/tpool" + " --virtio-ready win2019-sq1",
                        0,
                        "--virtio-ready=win2019-sq1 names no domain of this plan"),
                new Case(
                        "--limit without --hosts",
                        "inspect --limit hv*",
                        2,
                        "--limit selects from an inventory: give it with" + " --hosts FILE"),
                new Case(
                        "a state directory that is a file",
                        "rollback web01 -c " + Cli.EXAMPLE_URI + " --state-dir TEMP/a-file",
                        3,
                        "cannot be virt-tune's state directory: TEMP/a-file is a file"),
                new Case(
                        "rollback of a domain never migrated",
                        "rollback web01 -c " + Cli.EXAMPLE_URI + " --state-dir TEMP/state",
                        0,
                        "virt-tune never applied anything to it"),
                new Case(
                        "cleanup of a domain never migrated",
                        "cleanup web01 -c " + Cli.EXAMPLE_URI + " --state-dir TEMP/state",
                        0,
                        "virt-tune never applied anything to it"),
                new Case(
                        "a size of 0",
                        "plan --from-xml src/test/resources/xml/linux-virtio.xml --vg vg0 --bandwidth 0",
                        2,
                        "'0' is out of range: a size is 1 byte to 4 EiB"),
                new Case(
                        "a test driver file that is not there",
                        "inspect -c test:///nonexistent/node.xml",
                        1,
                        "the test driver's file /nonexistent/node.xml does not exist"),
                new Case(
                        "a URI scheme no driver has",
                        "inspect -c foo:///system",
                        1,
                        "'foo' is no libvirt driver's scheme"),
                new Case(
                        "a plan file that is not there",
                        "apply TEMP/missing.json",
                        2,
                        "cannot read the plan TEMP/missing.json: No such file or directory"),
                new Case(
                        "a snippets folder that holds files",
                        "snippets " + connect + " --out TEMP",
                        2,
                        "is not empty"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void eachGetsItsExitCodeAndAShortAnswerInTheOperatorsWords(Case given) throws Exception {
        Files.writeString(temp.resolve("a-file"), "");
        List<String> args = new ArrayList<>();
        for (String word : given.line().split(" ")) {
            args.add(word.replace("TEMP", temp.toString()));
        }

        Cli run = Cli.run(args.toArray(String[]::new));

        String says = given.says().replace("TEMP", temp.toString());
        assertEquals(given.exitCode(), run.exitCode(), run.transcript());
        assertTrue(run.out().contains(says) || run.err().contains(says), run.transcript());
        assertFalse(JAVA.matcher(run.err()).find(), "a Java name in:\n" + run.err());
        assertTrue(run.err().lines().count() <= 3, "a short answer:\n" + run.err());
    }
}
