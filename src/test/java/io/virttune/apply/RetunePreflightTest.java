package io.virttune.apply;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.apply.ports.DomainResult;
import io.virttune.libvirt.DomainState;
import io.virttune.plan.DomainPlan;
import io.virttune.plan.Plan;
import io.virttune.plan.PlanJson;
import io.virttune.testing.ExamplePlans;
import io.virttune.text.ProgressStyle;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A retune of LVs the host does not have (the example's db01 and db02 on a machine without its
 * VGs) is refused by preflight, in the dry run as in the real run, before anything is written:
 * the real run used to fail at lvchange and leave a journal that blocked the next apply.
 */
class RetunePreflightTest {
    @TempDir
    Path temp;

    @Test
    void aRetuneOfMissingLvsIsRefusedAlikeByTheDryRunAndTheRealRunAndLeavesNoState() throws IOException {
        Path planFile = temp.resolve("plan.json");
        ExamplePlans.writeAsMade(planFile, "--vg=vg_guests", "db01", "db02");
        Plan plan = PlanJson.read(Files.readString(planFile), "plan.json");
        Path state = temp.resolve("state");

        for (boolean execute : List.of(false, true)) {
            for (DomainPlan domain : plan.domains()) {
                ApplyHarness host = new ApplyHarness(state);
                host.libvirt.add(domain.originalXml(), DomainState.RUNNING);
                DomainResult result = new ApplyRun(
                                host.ports(execute),
                                new PrintWriter(host.output, true),
                                1,
                                false,
                                ProgressStyle.LINES,
                                0,
                                0)
                        .run(plan, List.of(domain))
                        .get(0);

                assertEquals(
                        DomainResult.Result.REFUSED,
                        result.result(),
                        domain.name() + " execute=" + execute + ": " + result);
                assertTrue(result.detail().contains("LV vg_guests/" + domain.name() + "-"), result.detail());
                assertTrue(result.detail().contains("does not exist on this host"), result.detail());
                assertFalse(
                        host.commandLines().stream().anyMatch(line -> line.startsWith("lvchange")),
                        host.commandLines().toString());
            }
        }
        assertFalse(
                Files.exists(state.resolve("domains")), "a refused domain leaves no journal to block the next apply");
    }
}
