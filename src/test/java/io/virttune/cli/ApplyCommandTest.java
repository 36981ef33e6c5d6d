package io.virttune.cli;

import static io.virttune.testing.Cli.EXAMPLE_URI;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.testing.Cli;
import io.virttune.testing.ExamplePlans;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * apply and rollback from the command line on this machine, where the example host's VGs do not
 * exist: every domain is refused by preflight, clearly, and nothing is written. The real runs
 * are in the lab (ApplyLabIT).
 */
class ApplyCommandTest {
    @TempDir
    Path temp;

    @Test
    void preflightRefusesWhatTheHostCannotHoldAndChangesNothing() throws IOException {
        Path plan = temp.resolve("plan.json");
        ExamplePlans.write(plan, "web01");
        Path state = temp.resolve("state");

        Cli cli = Cli.run("apply", plan.toString(), "--state-dir=" + state);

        assertEquals(3, cli.exitCode(), cli.out() + cli.err());
        assertTrue(cli.out().startsWith("Dry run: nothing is changed."), cli.out());
        assertTrue(cli.out().contains("volume group vg_fast does not exist"), cli.out());
        assertTrue(cli.out().contains("[web01] refused: thin pool vg_fast/tpool does not exist"), cli.out());
        assertTrue(cli.out().matches("(?s).*\\nweb01 +refused +volume group vg_fast does not exist.*"), cli.out());
        assertFalse(Files.exists(state), "a dry run writes no state");
    }

    @Test
    void aWindowOfThePlanChoosesItsGuestsAndOnlyThose() throws IOException {
        Path plan = temp.resolve("plan.json");
        ExamplePlans.write(plan, "--all", "--copy-rate", "100M", "--window", "30m");
        String state = "--state-dir=" + temp.resolve("state");

        Cli second = Cli.run("apply", plan.toString(), "--window", "2", state);

        assertTrue(second.out().contains("web02"), second.out());
        assertFalse(
                second.out().contains("win2019-sql"), "window 1's longest guest is not in window 2: " + second.out());
        Cli beyond = Cli.run("apply", plan.toString(), "--window", "9", state);
        assertEquals(2, beyond.exitCode());
        assertTrue(beyond.err().contains("has windows 1 to 2, not 9"), beyond.err());
        Cli both = Cli.run("apply", plan.toString(), "--window", "1", "web01", state);
        assertEquals(2, both.exitCode());
        assertTrue(both.err().contains("--window chooses the domains: name none with it"), both.err());
    }

    @Test
    void aPlanThatIsNotAPlanIsAClearError() throws IOException {
        Path bogus = temp.resolve("bogus.json");
        Files.writeString(bogus, "{\"schema\":\"something/else\",\"version\":1}");

        Cli cli = Cli.run("apply", bogus.toString());

        assertEquals(1, cli.exitCode());
        assertTrue(cli.err().contains("has schema something/else"), cli.err());
        assertEquals(
                2, Cli.run("apply", temp.resolve("missing.json").toString()).exitCode());
    }

    @Test
    void rollingBackADomainNeverAppliedHasNothingToDo() {
        Cli cli = Cli.run("rollback", "web01", "--connect", EXAMPLE_URI, "--state-dir=" + temp.resolve("state"));

        assertEquals(0, cli.exitCode(), cli.out() + cli.err());
        assertTrue(cli.out().contains("never applied anything"), cli.out());
    }
}
