package io.virttune.apply;

import io.virttune.apply.journal.PredictedBesideTaken;
import io.virttune.apply.ports.DomainResult;
import io.virttune.apply.ports.DomainResult.Result;
import io.virttune.apply.undo.Cleanup;
import io.virttune.plan.Plan;
import io.virttune.report.ResultsJsonReport;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;

/**
 * The --json documents of apply, rollback and cleanup, as {@link ResultsJsonReport} writes them for
 * the command line, of runs made hermetically by the real {@link ApplyRun}, {@link Rollback} and
 * {@link Cleanup} through {@link ApplyHarness}: site1 applied as a dry run and for real, then
 * rolled back (refused without --force) or cleaned up (a dry run).
 */
public final class ResultsJsonSamples {
    private ResultsJsonSamples() {}

    /** Documents of {@code virt-tune/COMMAND} for {@code command} apply, rollback or cleanup. */
    public static List<String> of(String command, Path stateDirectory) {
        ApplyHarness host = ApplyHarness.withSite1(stateDirectory);
        Plan plan = host.scheduledPlan("site1");
        List<DomainResult> dryRun = expect(Result.WOULD_RUN, host.apply(plan, false, false), host);
        host.replySite1Migration();
        List<DomainResult> applied = expect(Result.DONE, host.apply(plan, true, false), host);
        return switch (command) {
            case "apply" ->
                List.of(
                        ResultsJsonReport.render("apply", false, dryRun),
                        ResultsJsonReport.render(
                                "apply", true, applied, PredictedBesideTaken.of(plan, List.of("site1"), host.state)));
            case "rollback" ->
                List.of(ResultsJsonReport.render(
                        "rollback", true, expect(Result.REFUSED, List.of(host.rollback("site1", true, false)), host)));
            case "cleanup" ->
                List.of(ResultsJsonReport.render(
                        "cleanup",
                        false,
                        expect(
                                Result.WOULD_RUN,
                                List.of(new Cleanup(host.ports(false), new PrintWriter(host.output, true))
                                        .run("site1")),
                                host)));
            default -> throw new IllegalArgumentException(command + " prints no results");
        };
    }

    private static List<DomainResult> expect(Result expected, List<DomainResult> results, ApplyHarness host) {
        if (results.size() != 1 || results.get(0).result() != expected) {
            throw new IllegalStateException("expected " + expected + ", got " + results + "\n" + host.output);
        }
        return results;
    }
}
