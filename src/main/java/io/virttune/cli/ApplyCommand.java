package io.virttune.cli;

import io.virttune.ExitCode;
import io.virttune.VirtTuneException;
import io.virttune.apply.ApplyRun;
import io.virttune.apply.guards.PlanTrust;
import io.virttune.apply.journal.PredictedBesideTaken;
import io.virttune.apply.ports.ApplyPorts;
import io.virttune.apply.ports.DomainResult;
import io.virttune.fleet.FleetPlanJson;
import io.virttune.host.HostDoor;
import io.virttune.host.HostDoors;
import io.virttune.inspect.DomainSelection;
import io.virttune.plan.DomainPlan;
import io.virttune.plan.Plan;
import io.virttune.plan.PlanJson;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code virt-tune apply}: carries out a plan, journaled, verified, resumable; a dry run unless told. */
@Command(
        name = "apply",
        mixinStandardHelpOptions = true,
        footerHeading = "%nExamples:%n",
        footer = {
            "  virt-tune apply plan.json                  # dry run: every check and command",
            "  virt-tune apply plan.json web01 --execute --jobs 2",
            "  virt-tune apply plan.json --execute --resume  # after an interruption",
            "  virt-tune apply fleet.json --execute --parallel 8  # each host's part there",
            "  virt-tune apply fleet.json --limit hv3 --execute --resume  # hv3 alone"
        },
        description = {
            "Carry out a plan: preflight, create LVs, copy and verify the data, back up and redefine each domain.",
            "Without --execute, prints what it would run and changes nothing. Source images are never modified.",
            "Exit status 0 done, 1 a domain failed, 3 a domain was refused by a safety check."
        })
public final class ApplyCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    StateOptions state;

    @Mixin
    ResultOptions report;

    @Mixin
    ApplyRunOptions run;

    @Parameters(index = "0", paramLabel = "PLAN", description = "the plan.json written by virt-tune plan --out")
    Path planFile;

    @Parameters(
            index = "1..*",
            paramLabel = "DOMAIN",
            arity = "0..*",
            description = "only these domains (default: all)")
    List<String> domains = new ArrayList<>();

    @Mixin
    ConnectOption connect;

    @Option(names = "--parallel", paramLabel = "N", description = "for a fleet plan: hosts at a time (default: 4)")
    Integer parallel;

    @Option(
            names = "--limit",
            paramLabel = "PATTERN",
            description = "for a fleet plan: only the hosts this Ansible pattern selects (hv3, 'hv*:!hv7', ~REGEX)")
    String limit;

    @Option(
            names = "--window",
            paramLabel = "N",
            description = "only the guests of the plan's window N (plan --window): 1 tonight, 2 the next, ...")
    Integer window;

    @Override
    public Integer call() {
        run.check(spec);
        String text = PlanFiles.text(planFile);
        if (FleetPlanJson.isFleetPlan(text)) {
            if (connect.given(spec) != null) {
                throw new ParameterException(
                        spec.commandLine(), "a fleet plan names its hosts: --connect does not apply");
            }
            int hosts = parallel == null ? 4 : parallel;
            if (hosts < 1) {
                throw new ParameterException(spec.commandLine(), "--parallel must be at least 1, got " + hosts);
            }
            List<String> options = state.forEachHost();
            options.addAll(run.forEachHost());
            options.addAll(windowOnEachHost());
            options.addAll(domains);
            return FleetApplication.apply(spec, text, planFile, limit, options, state.execute, report.json, hosts);
        }
        if (parallel != null) {
            throw new ParameterException(
                    spec.commandLine(), "--parallel is for a fleet plan's hosts; for domains, --jobs");
        }
        if (limit != null) {
            throw new ParameterException(
                    spec.commandLine(), "--limit selects hosts of a fleet plan; " + planFile + " is one host's plan");
        }
        Plan plan = PlanJson.read(text, planFile.toString());
        String given = connect.given(spec);
        String target = given != null ? given : plan.uri();
        if (target.startsWith("file:")) {
            throw VirtTuneException.usage(
                    "the plan was made from XML files; say which host to apply it to with --connect");
        }
        HostDoor host = HostDoors.thisMachine(target, "apply");
        List<String> chosen = window == null
                ? new DomainSelection(domains, List.of())
                        .select(plan.domains().stream().map(DomainPlan::name).toList())
                : PlanWindows.chosen(spec, plan, planFile, window, domains);
        PrintWriter out = report.progress();
        ApplyPorts hostPorts =
                ApplyPorts.forHost(host, state.stateDir, state.execute, line -> out.println("    " + line));
        ApplyPorts ports = run.convergence().map(hostPorts::convergingWithin).orElse(hostPorts);
        try {
            PlanTrust.check(
                    target,
                    plan,
                    chosen,
                    out,
                    state.execute,
                    VirtTuneCommand.terminal(spec)::ask,
                    ports.lvm().reads(),
                    ports.run().state());
        } catch (VirtTuneException e) {
            if (report.json && e.exitCode() == ExitCode.REFUSED) {
                // stdout stays one document for a script: every chosen domain refused, with every reason.
                report.print(
                        state.execute,
                        chosen.stream()
                                .map(name -> DomainResult.stopped(
                                        name, e, "the plan was refused as a whole: nothing was changed"))
                                .toList());
            }
            throw e;
        }
        if (!state.execute) {
            out.println("Dry run: nothing is changed. Add --execute to apply.");
        }
        int width = ReportWidth.of(VirtTuneCommand.terminal(spec));
        List<DomainResult> results = new ApplyRun(
                        ports,
                        out,
                        state.execute ? run.jobs : 1,
                        run.resume,
                        report.progressStyle(System.console() != null),
                        width,
                        run.hostBandwidth)
                .run(
                        plan,
                        plan.domains().stream()
                                .filter(d -> chosen.contains(d.name()))
                                .toList());
        report.print(
                state.execute,
                results,
                PredictedBesideTaken.of(
                        plan,
                        results.stream()
                                .filter(result -> result.result() == DomainResult.Result.DONE)
                                .map(DomainResult::domain)
                                .toList(),
                        ports.run().state()));
        return exitCode(results);
    }

    /**
     * {@code --window N} as each host of a fleet plan is given it: each host's own window N, the
     * same night on each (plan --window --hosts); refused with domains here, as each host would.
     */
    private List<String> windowOnEachHost() {
        if (window == null) {
            return List.of();
        }
        PlanWindows.requireNoneNamed(spec, domains);
        return List.of("--window=" + window);
    }

    static int exitCode(List<DomainResult> results) {
        if (results.stream().anyMatch(r -> r.result() == DomainResult.Result.FAILED)) {
            return ExitCode.FAILED.code();
        }
        if (results.stream().anyMatch(r -> r.result() == DomainResult.Result.REFUSED)) {
            return ExitCode.REFUSED.code();
        }
        return ExitCode.OK.code();
    }
}
