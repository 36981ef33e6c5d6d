package io.virttune.cli;

import static io.virttune.testing.Cli.EXAMPLE_URI;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.apply.journal.DomainJournal;
import io.virttune.apply.journal.StateDirectory;
import io.virttune.testing.Cli;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * rollback and cleanup select domains as inspect and plan do, on the example host (test driver),
 * where nothing was ever applied: names and globs are checked against the host before anything runs.
 */
class RollbackCleanupCommandTest {
    @TempDir
    Path temp;

    private Cli run(String command, String... more) {
        return runAt(question -> Optional.empty(), command, more);
    }

    private Cli runAt(Terminal terminal, String command, String... more) {
        return Cli.runAt(
                terminal,
                Stream.concat(
                                Stream.of(command, "--connect", EXAMPLE_URI, "--state-dir=" + temp.resolve("state")),
                                Stream.of(more))
                        .toArray(String[]::new));
    }

    @Test
    void aDomainThatDoesNotExistIsAnErrorNamingIt() {
        for (String command : List.of("rollback", "cleanup")) {
            Cli cli = run(command, "web01", "nosuch");

            assertEquals(1, cli.exitCode(), cli.transcript());
            assertEquals("", cli.out());
            assertEquals("virt-tune: no domain matches 'nosuch'\n", cli.err());
        }
    }

    @Test
    void aGlobThatMatchesNothingIsAnErrorNamingIt() {
        Cli cli = run("rollback", "nope*");

        assertEquals(1, cli.exitCode(), cli.transcript());
        assertEquals("virt-tune: no domain matches 'nope*'\n", cli.err());
    }

    @Test
    void rollbackTakesGlobsAndExclusions() {
        Cli cli = run("rollback", "web*", "--exclude", "web02");

        assertEquals(0, cli.exitCode(), cli.transcript());
        assertTrue(
                cli.out().matches("(?s).*\\nweb01 +nothing to do +virt-tune never applied anything to it\\n.*"),
                cli.out());
        assertTrue(!cli.out().contains("web02"), cli.out());
    }

    @Test
    void cleanupAndRollbackGiveOneAnswerForWhatWasNeverMigrated() {
        for (String command : List.of("cleanup", "rollback")) {
            Cli cli = run(command, "web0[12]");

            assertEquals(0, cli.exitCode(), cli.transcript());
            assertTrue(cli.out().startsWith("Dry run: nothing is changed. Add --execute to "), cli.transcript());
            assertTrue(
                    cli.out().matches("(?s).*\\nweb01 +nothing to do +virt-tune never applied anything to it\\n.*"),
                    cli.transcript());
            assertTrue(
                    cli.out().matches("(?s).*\\nweb02 +nothing to do +virt-tune never applied anything to it\\n.*"),
                    cli.transcript());
        }
    }

    @Test
    void withoutATerminalCleanupAndForcedRollbackRefuseUnlessYes() {
        Cli cleanup = run("cleanup", "web*", "--execute");
        assertEquals(3, cleanup.exitCode(), cleanup.transcript());
        assertEquals("", cleanup.out(), "nothing ran");
        assertEquals(
                "virt-tune: cleanup --execute removes the source images of web01, web02 for good: there is no"
                        + " rollback after it; there is no terminal to confirm on: pass --yes to go ahead\n",
                cleanup.err());

        Cli rollback = run("rollback", "web01", "--execute", "--force");
        assertEquals(3, rollback.exitCode(), rollback.transcript());
        assertEquals(
                "virt-tune: rollback --force discards what web01 wrote on the new disks since apply; there is no"
                        + " terminal to confirm on: pass --yes to go ahead\n",
                rollback.err());

        Cli confirmed = run("cleanup", "web01", "--execute", "--yes");
        assertTrue(confirmed.out().contains("virt-tune never applied anything to it"), confirmed.transcript());
        assertEquals(0, run("rollback", "web01", "--execute", "--force", "-y").exitCode());
    }

    @Test
    void whatChangesNothingIrreversiblyIsNeverAsked() {
        List<String> asked = new ArrayList<>();
        Terminal terminal = question -> {
            asked.add(question);
            return Optional.of("n");
        };

        assertEquals(0, runAt(terminal, "rollback", "web01", "--execute").exitCode());
        assertEquals(0, runAt(terminal, "cleanup", "web01").exitCode(), "a dry run, nothing to do: never migrated");
        assertEquals(List.of(), asked);
    }

    @Test
    void onATerminalTheOperatorIsAskedAndOnlyYesGoesOn() {
        List<String> asked = new ArrayList<>();
        Cli declined = runAt(
                question -> {
                    asked.add(question);
                    return Optional.of("");
                },
                "cleanup",
                "web01",
                "--execute");

        assertEquals(
                List.of("cleanup --execute removes the source images of web01 for good: there is no rollback"
                        + " after it. Go on? [y/N] "),
                asked);
        assertEquals(3, declined.exitCode(), declined.transcript());
        assertEquals("", declined.out());
        assertEquals("virt-tune: not confirmed: nothing was changed\n", declined.err());

        Cli accepted = runAt(question -> Optional.of("yes\n"), "rollback", "web01", "--execute", "--force");
        assertEquals(0, accepted.exitCode(), accepted.transcript());
        assertTrue(accepted.out().contains("never applied anything"), accepted.out());
    }

    @Test
    void nothingNamedIsAUsageError() {
        Cli cli = run("rollback");

        assertEquals(2, cli.exitCode(), cli.transcript());
        assertEquals("virt-tune: name the domains, or --all\nTry 'virt-tune rollback --help'.\n", cli.err());
    }

    @Test
    void aDomainNoLongerDefinedIsStillFoundByItsJournal() {
        new StateDirectory(temp.resolve("state"))
                .save(DomainJournal.start(
                                "gone01",
                                "6f1c0c2e-0000-4000-8000-000000000001",
                                "2026-01-01T00:00:00Z",
                                "fingerprint",
                                "digest",
                                "/backup.xml",
                                List.of("/img/gone01.qcow2"),
                                List.of())
                        .withStatus(DomainJournal.Status.ROLLED_BACK));

        Cli cli = run("rollback", "gone01");

        assertEquals(0, cli.exitCode(), cli.transcript());
        assertTrue(cli.out().matches("(?s).*\\ngone01 +nothing to do +already rolled back\\n.*"), cli.out());
    }
}
