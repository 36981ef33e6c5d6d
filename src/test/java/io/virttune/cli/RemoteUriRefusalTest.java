package io.virttune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.testing.Cli;
import io.virttune.testing.ExamplePlans;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The commands that change a host refuse a libvirt URI of another machine before touching anything. */
class RemoteUriRefusalTest {
    private static final String REMOTE = "qemu+ssh://root@hv02.invalid/system";

    @TempDir
    Path temp;

    @ParameterizedTest
    @ValueSource(strings = {"apply", "rollback", "cleanup"})
    void refusesWithExitThreeNamingTheRule(String command) throws Exception {
        String[] args = command.equals("apply")
                ? new String[] {command, plan().toString(), "--connect", REMOTE, "--state-dir=" + temp.resolve("state")}
                : new String[] {command, "web01", "--connect", REMOTE, "--state-dir=" + temp.resolve("state")};
        Cli cli = Cli.run(args);

        assertEquals(3, cli.exitCode(), cli.transcript());
        assertTrue(
                cli.transcript().contains("rule: virt-tune " + command + " acts only on the host it runs on"),
                cli.transcript());
    }

    private Path plan() {
        Path plan = temp.resolve("plan.json");
        ExamplePlans.writeAsMade(plan, ExamplePlans.THIN_POOL, "web01");
        return plan;
    }
}
