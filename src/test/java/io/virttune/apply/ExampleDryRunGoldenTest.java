package io.virttune.apply;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.apply.ports.DomainResult;
import io.virttune.libvirt.DomainState;
import io.virttune.plan.ConvertImage;
import io.virttune.plan.DomainPlan;
import io.virttune.plan.Plan;
import io.virttune.plan.PlanJson;
import io.virttune.report.ApplyResultTable;
import io.virttune.testing.ExamplePlans;
import io.virttune.testing.Golden;
import io.virttune.text.ProgressStyle;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The dry run of the example host's plan, hermetically, as an operator reads it: every check,
 * every command it would run, every refusal and the XML each define would make. The host's LVM
 * is the example's recorded report; each domain runs in its own harness, so one domain's
 * replies cannot slip into another's.
 */
class ExampleDryRunGoldenTest {
    private static final Path EXAMPLE_LVM = Path.of("examples/hv01/lvm");

    @TempDir
    Path temp;

    @Test
    void theExamplePlansDryRunTranscript() throws IOException {
        Path state = temp.resolve("state");

        String transcript = transcript(state, 0);

        Golden.assertMatches("apply/example-dry-run.txt", transcript.replace(state.toString(), "STATE"));
        assertEquals(false, Files.exists(state.resolve("domains")), "a dry run writes no state");
    }

    @Test
    void onAHundredColumnTerminalItsProseFitsAndItsCommandsStayWhole() throws IOException {
        List<String> lines = transcript(temp.resolve("state"), 100).lines().toList();

        List<String> over = lines.stream()
                .filter(line -> line.length() > 100)
                .filter(line -> !line.strip().startsWith("$ ") && !line.matches("\\[[^]]+\\] {3}[-+ @].*"))
                .filter(line -> line.strip().contains(" "))
                .toList();
        assertEquals(List.of(), over);
        assertTrue(
                lines.stream().anyMatch(line -> line.strip().startsWith("$ ") && line.length() > 100),
                "commands stay whole");
    }

    private String transcript(Path state, int width) throws IOException {
        Path planFile = temp.resolve("plan.json");
        ExamplePlans.writeAsMade(planFile, ExamplePlans.THIN_POOL, "--all");
        Plan plan = PlanJson.read(Files.readString(planFile), "plan.json");

        StringWriter transcript = new StringWriter();
        List<DomainResult> results = new ArrayList<>();
        for (DomainPlan domain : plan.domains()) {
            ApplyHarness host = new ApplyHarness(state);
            DomainState runState = domain.state().equals("shut off") ? DomainState.SHUTOFF : DomainState.RUNNING;
            host.libvirt.add(domain.originalXml(), runState);
            List<ConvertImage> copies = domain.steps().stream()
                    .filter(step -> step instanceof ConvertImage)
                    .map(step -> (ConvertImage) step)
                    .toList();
            copies.forEach(copy -> host.poolImage(copy.source(), copy.virtualSizeBytes(), copy.allocatedBytes()));
            host.recordedReport(EXAMPLE_LVM);
            results.addAll(new ApplyRun(
                            host.ports(false),
                            new PrintWriter(host.output, true),
                            1,
                            false,
                            ProgressStyle.LINES,
                            width,
                            0)
                    .run(plan, List.of(domain)));
            transcript.append(host.output.toString());
        }
        PrintWriter table = new PrintWriter(transcript, true);
        ApplyResultTable.print(table, results, width);
        return transcript.toString();
    }
}
