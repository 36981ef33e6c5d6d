package io.virttune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.virttune.testing.Cli;
import io.virttune.testing.ExamplePlans;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** apply --json keeps stdout one document when the plan is refused before any domain, and a bad --state-dir too. */
class ApplyJsonRefusalTest {
    @TempDir
    Path temp;

    private Path plan() {
        Path plan = temp.resolve("plan.json");
        ExamplePlans.writeAsMade(plan, ExamplePlans.THIN_POOL, "web01", "db01");
        return plan;
    }

    /** The example's plan names host hv01, which this machine is not: a refusal of the whole plan. */
    @Test
    void aPlanRefusedAsAWholeListsEachChosenDomainRefusedWithItsReasons() throws Exception {
        Cli run = Cli.run(
                "apply",
                plan().toString(),
                "--json",
                "--state-dir",
                temp.resolve("state").toString());

        assertEquals(3, run.exitCode(), run.transcript());
        JsonNode document = new ObjectMapper().readTree(run.out());
        assertEquals("virt-tune/apply", document.get("schema").asText());
        assertEquals(2, document.get("domains").size(), run.out());
        for (JsonNode domain : document.get("domains")) {
            assertEquals("refused", domain.get("result").asText());
            assertTrue(
                    domain.get("reasons").get(0).asText().startsWith("the plan was made for hostname 'hv01'"),
                    run.out());
        }
        assertTrue(run.err().startsWith("virt-tune: the plan cannot be trusted, nothing was changed:"), run.err());
    }

    @Test
    void aDryRunRefusesAStateDirectoryThatIsAFile() throws Exception {
        Path file = Files.writeString(temp.resolve("state"), "");

        Cli run = Cli.run("apply", plan().toString(), "--state-dir", file.toString());

        assertEquals(3, run.exitCode(), run.transcript());
        assertEquals("", run.out());
        assertTrue(
                run.err()
                        .contains("--state-dir " + file + " cannot be virt-tune's state directory: " + file + " is a"
                                + " file, not a directory"),
                run.err());
    }
}
