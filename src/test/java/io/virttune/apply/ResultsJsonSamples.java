package io.virttune.apply;

import io.virttune.apply.journal.PredictedBesideTaken;
import io.virttune.apply.ports.DomainResult;
import io.virttune.apply.ports.DomainResult.Result;
import io.virttune.apply.undo.Cleanup;
import io.virttune.plan.Plan;
import io.virttune.plan.PlanPolicy;
import io.virttune.plan.Schedule;
import io.virttune.report.ResultsJsonReport;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;

/**
 * The --json documents of apply, rollback and cleanup, as {@link ResultsJsonReport} writes them for
 * the command line, of runs made hermetically by the real {@link ApplyRun}, {@link Rollback} and
 * {@link Cleanup} through {@link ApplyHarness}: site1 applied as a dry run and for real, then
 * rolled back (refused without --force) or cleaned up (a dry run); and g1 moved live.
 */
public final class ResultsJsonSamples {
    /** The uuid of the recorded guest g1 ({@link ScriptedBlockJobs}). */
    private static final String LIVE_UUID = "b6affa52-27af-4397-ac3a-6c4dbff19056";

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
                                "apply", true, applied, PredictedBesideTaken.of(plan, List.of("site1"), host.state)),
                        movedLive(stateDirectory.resolve("live")));
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

    /** apply --json of g1 moved live by a plan with a schedule: its copy and its pause beside their predictions. */
    private static String movedLive(Path stateDirectory) {
        ApplyHarness host = new ApplyHarness(stateDirectory);
        host.blockJobs = new ScriptedBlockJobs(host.libvirt, "/dev/vg/g1-sda").source();
        host.image(ScriptedBlockJobs.IMAGE, 128L << 20, 32L << 20);
        Plan plan = host.planLive(64L << 20, new PlanPolicy.Live(false, false), "g1")
                .withSchedule(new Schedule(
                        64L << 20,
                        "--copy-rate",
                        "copy-rate",
                        null,
                        null,
                        0,
                        List.of(),
                        List.of(new Schedule.LiveGuest("g1", 32L << 20, 1, 0, 0, "unknown", List.of())),
                        new Schedule.HostTotals(0, 0, 0, 1, 1, 32L << 20, 32L << 20)));
        host.replyCreated(ApplyHarness.ours("g1-sda", 128L << 20, LIVE_UUID, "Lv-A"))
                .replyOk();
        List<DomainResult> applied = expect(Result.DONE, host.apply(plan, true, false), host);
        return ResultsJsonReport.render(
                "apply", true, applied, PredictedBesideTaken.of(plan, List.of("g1"), host.state));
    }

    private static List<DomainResult> expect(Result expected, List<DomainResult> results, ApplyHarness host) {
        if (results.size() != 1 || results.get(0).result() != expected) {
            throw new IllegalStateException("expected " + expected + ", got " + results + "\n" + host.output);
        }
        return results;
    }
}
