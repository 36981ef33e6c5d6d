package io.virttune.cli;

import io.virttune.ExitCode;
import io.virttune.VirtTuneException;
import io.virttune.fleet.FleetHost;
import io.virttune.fleet.FleetPlan;
import io.virttune.fleet.FleetPlanJson;
import io.virttune.fleet.FleetPlanner;
import io.virttune.inspect.DomainFiles;
import io.virttune.inspect.DomainSelection;
import io.virttune.inspect.HostFacts;
import io.virttune.inspect.HostInspector;
import io.virttune.plan.DomainOutcome;
import io.virttune.plan.DomainPlan;
import io.virttune.plan.MigrationPlanner;
import io.virttune.plan.Plan;
import io.virttune.plan.PlanJson;
import io.virttune.plan.PlanPolicy;
import io.virttune.report.FleetPlanHtmlReport;
import io.virttune.report.FleetPlanTextReport;
import io.virttune.report.PlanTextReport;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code virt-tune plan}: a migration plan with lossless XML rewrites; changes nothing. */
@Command(
        name = "plan",
        mixinStandardHelpOptions = true,
        footerHeading = "%nExamples:%n",
        footer = {
            "  virt-tune plan 'win*' web01 --thin-pool vg_vms/pool --diff --out plan.json",
            "  virt-tune plan --all --vg vg_vms --reserve 5",
            "  virt-tune plan web01 --vg vg_vms --live --bandwidth 64M --out plan.json",
            "  virt-tune plan --all --vg vg_vms --copy-rate 180M --window 4h --out plan.json",
            "  virt-tune plan --from-xml /etc/libvirt/qemu --vg vg_vms --xml-out reviewed/",
            "  virt-tune plan --all --hosts fleet.yml --vg vg_vms --out fleet.json"
        },
        description = {
            "Plan moving domains' image files to raw LVs and retuning their disks (virtio-blk, one"
                    + " IOThread per disk, cache=none io=native, discard, hugepages). Changes nothing on the host.",
            "Exit status 0 planned, 1 some part could not be read, 3 refused by a safety rule or every domain"
                    + " asked for blocked (then no --out file is written)."
        })
public final class PlanCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    ConnectionOptions connection;

    @Mixin
    SelectionOptions selection;

    @Mixin
    PlanPolicyOptions policyOptions;

    @Mixin
    ScheduleOptions schedule;

    @Mixin
    FleetOptions fleet;

    @Option(
            names = "--from-xml",
            paramLabel = "FILE|DIR",
            description = "plan from this domain XML file, or the *.xml files in this directory, instead of a libvirt"
                    + " connection; repeatable")
    List<Path> fromXml = new ArrayList<>();

    @Option(names = "--xml-out", paramLabel = "DIR", description = "write each rewritten domain XML here")
    Path xmlOut;

    @Option(names = "--diff", description = "show a unified diff of each domain's XML")
    boolean diff;

    @Option(names = "--out", paramLabel = "FILE", description = "write the plan as JSON (for apply)")
    Path out;

    @Option(
            names = "--json",
            description = "print the plan as JSON instead of the summary (schema virt-tune/plan, version 1)")
    boolean json;

    @Option(
            names = "--html",
            paramLabel = "FILE",
            description =
                    "also write a self-contained HTML page: the planned copies and their space, the domains by outcome,"
                            + " a row per host")
    Path html;

    @Override
    public Integer call() {
        requireApplicableOptions();
        PlanPolicy policy = policyOptions.policy();
        if (fleet.given()) {
            return planFleet(policy);
        }
        HostFacts facts = facts(selection.selection(!fromXml.isEmpty()));
        Plan plan = schedule.scheduled(
                new MigrationPlanner(policy).plan(facts, Instant.now()),
                facts,
                policy.bandwidthBytesPerSecond(),
                fromXml.isEmpty() && connection.hostFacts == null);
        boolean unreadable = !facts.problems().isEmpty()
                || plan.domains().stream()
                        .anyMatch(d -> d.outcome() == DomainOutcome.STOPPED && d.fingerprint() == null);
        boolean allBlocked = !plan.domains().isEmpty()
                && plan.domains().stream().allMatch(d -> d.outcome() == DomainOutcome.STOPPED);
        if (out != null && !allBlocked) {
            OutputFiles.write(out, PlanJson.write(plan));
        }
        if (xmlOut != null && !allBlocked) {
            RewrittenDefinitions.write(xmlOut, plan);
        }
        writeHtml(new FleetPlan(
                plan.createdAt(),
                List.of(FleetPlan.HostPlan.planned(FleetHost.named(plan.hostname()), plan, facts.problems()))));
        PrintWriter printer = spec.commandLine().getOut();
        if (json) {
            printer.print(PlanJson.write(plan));
        } else {
            new PlanTextReport(printer, diff, ReportWidth.of(VirtTuneCommand.terminal(spec))).print(plan);
            if (out != null && !allBlocked) {
                // A plan made from XML files names no host: apply asks for one.
                printer.println("Plan written to " + out + "; review it, then: virt-tune apply " + out
                        + (plan.uri().startsWith("file:") ? " --connect qemu:///system (on the host)" : ""));
            }
        }
        printer.flush();
        if (unreadable) {
            return ExitCode.FAILED.code();
        }
        if (allBlocked) {
            throw VirtTuneException.refused(nothingPlanned(plan));
        }
        // The others are planned, but a script must see that a definition was refused by a rule.
        return plan.refusesDefinitions() ? ExitCode.REFUSED.code() : ExitCode.OK.code();
    }

    /** Each host planned through its own door with the same policy, into one fleet plan (docs/fleet.md). */
    private int planFleet(PlanPolicy policy) {
        if (connection.namesAHost() || !fromXml.isEmpty() || xmlOut != null) {
            throw VirtTuneException.usage(
                    "--host and --hosts name the hosts: give them without --connect, --host-facts,"
                            + " --from-xml or --xml-out (one host's)");
        }
        FleetPlan planned = new FleetPlanner(
                        FleetOptions.doors(),
                        policy,
                        schedule.forEachHost(policy.bandwidthBytesPerSecond()),
                        fleet.parallel)
                .plan(fleet.fleet(), selection.selection(false), Instant.now());
        if (out != null && !planned.plansNothing()) {
            OutputFiles.write(out, FleetPlanJson.write(planned));
        }
        writeHtml(planned);
        PrintWriter printer = spec.commandLine().getOut();
        if (json) {
            printer.print(FleetPlanJson.write(planned));
        } else {
            new FleetPlanTextReport(printer, diff, ReportWidth.of(VirtTuneCommand.terminal(spec))).print(planned);
            if (out != null && !planned.plansNothing()) {
                printer.println("Fleet plan written to " + out + "; review it, then: virt-tune apply " + out);
            }
        }
        printer.flush();
        if (planned.plansNothing()) {
            throw VirtTuneException.refused("no host has anything to apply (each failed or has every domain blocked)"
                    + (out != null ? "; " + out + " was not written" : ""));
        }
        boolean incomplete =
                planned.hosts().stream().anyMatch(host -> !host.status().equals("planned"));
        return incomplete ? ExitCode.FAILED.code() : ExitCode.OK.code();
    }

    private void writeHtml(FleetPlan planned) {
        if (html != null) {
            OutputFiles.write(html, FleetPlanHtmlReport.render(planned));
        }
    }

    /** Why plan refuses: a script must never take a plan in which every domain is blocked for one to apply. */
    private String nothingPlanned(Plan plan) {
        List<String> names = plan.domains().stream().map(DomainPlan::name).toList();
        String blocked = names.size() == 1 ? names.get(0) + " is blocked" : "all " + names.size() + " are blocked";
        return "no domain can be planned (" + blocked + ", for the reasons above)"
                + (out != null ? "; " + out + " was not written" : "");
    }

    /** Options that would be silently ignored in this combination are refused instead. */
    private void requireApplicableOptions() {
        policyOptions.requireApplicableOptions();
        schedule.requireBackgroundFirstApplies(policyOptions.live, policyOptions.synchronousWrites);
        if (diff && json) {
            throw new ParameterException(
                    spec.commandLine(),
                    "--diff shows the text summary's XML changes; --json has them in each domain's \"diff\"");
        }
        if (!fromXml.isEmpty() && connection.namesAHost()) {
            throw new ParameterException(
                    spec.commandLine(), "--from-xml plans from files: --connect and --host-facts do not apply");
        }
    }

    private HostFacts facts(DomainSelection selection) {
        if (!fromXml.isEmpty()) {
            HostFacts all = DomainFiles.read(fromXml);
            List<String> chosen =
                    selection.select(all.domains().stream().map(d -> d.name()).toList());
            return new HostFacts(
                    all.identity(),
                    all.settings(),
                    all.lvm(),
                    all.domains().stream()
                            .filter(d -> chosen.contains(d.name()))
                            .toList(),
                    all.problems());
        }
        return HostInspector.read(connection.uri(), connection.hostFactsSource(), selection);
    }
}
