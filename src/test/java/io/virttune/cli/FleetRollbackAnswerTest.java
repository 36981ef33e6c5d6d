package io.virttune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.virttune.testing.Cli;
import io.virttune.testing.Golden;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The answers the stand-in virt-tune of a fleet host gives to rollback
 * (src/test/resources/fleet/remote-virt-tune) are what a real single-host {@code virt-tune rollback
 * --json} prints (and says, for a domain it does not have), recorded here from it (update with -Dvirttune.golden.update=true), never written by hand.
 */
class FleetRollbackAnswerTest {
    @TempDir
    Path state;

    @Test
    void theRecordedDryRunIsWhatRollbackPrints() {
        assertRecorded(
                "fleet/rollback-dry-run.json", "web01", "--connect", Cli.EXAMPLE_URI, "--state-dir=" + state, "--json");
    }

    @Test
    void theRecordedExecutedRunIsWhatRollbackPrints() {
        assertRecorded(
                "fleet/rollback-execute.json",
                "web01",
                "--connect",
                Cli.EXAMPLE_URI,
                "--state-dir=" + state,
                "--json",
                "--execute");
    }

    @Test
    void theRecordedRefusalOfAnUnknownDomainIsWhatRollbackSays() {
        Cli rollback =
                Cli.run("rollback", "no-such-domain", "--connect", Cli.EXAMPLE_URI, "--state-dir=" + state, "--json");

        assertEquals(1, rollback.exitCode(), rollback.transcript());
        assertEquals("", rollback.out());
        Golden.assertMatches("fleet/rollback-no-such-domain.err", rollback.err());
    }

    private static void assertRecorded(String resource, String... args) {
        String[] argv = new String[args.length + 1];
        argv[0] = "rollback";
        System.arraycopy(args, 0, argv, 1, args.length);

        Cli rollback = Cli.run(argv);

        assertEquals(0, rollback.exitCode(), rollback.transcript());
        Golden.assertMatches(resource, rollback.out());
    }
}
