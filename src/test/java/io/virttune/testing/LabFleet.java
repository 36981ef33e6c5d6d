package io.virttune.testing;

import static org.junit.jupiter.api.Assertions.fail;

import io.virttune.process.LocalProcessRunner;
import io.virttune.process.ProcessResult;
import java.util.List;

/** The lab's fleet of hosts (scripts/lab fleet) as its tests reach them: their names and a shell on each over SSH. */
public final class LabFleet {
    private LabFleet() {}

    /**
     * The fleet's host names, hv1 first; fails the test outside a fleet, naming the command that runs
     * it ({@code run}).
     */
    public static List<String> hosts(String run) {
        String names = System.getenv("VTLAB_FLEET_HOSTS");
        if (names == null) {
            fail("this lab test needs the lab's fleet of hosts and runs only inside it; scripts/test.sh runs it, or by"
                    + " hand: " + run);
        }
        return List.of(names.split(" "));
    }

    /** A command of the test's own on a host, over its own ssh connection, failing the test if it fails. */
    public static String ssh(String host, String command) {
        ProcessResult result = new LocalProcessRunner().run(List.of("ssh", "-o", "BatchMode=yes", host, command));
        if (!result.succeeded()) {
            fail("ssh " + host + " " + command + ": exit " + result.exitCode() + ": " + result.stderr());
        }
        return result.stdout();
    }
}
