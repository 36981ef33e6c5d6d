package io.virttune.apply.guards;

import io.virttune.VirtTuneException;
import io.virttune.apply.journal.DomainJournal;
import io.virttune.apply.journal.StateDirectory;
import io.virttune.libvirt.DomainRecord;
import io.virttune.libvirt.LibvirtConnection;
import io.virttune.libvirt.LibvirtJavaConnection;
import io.virttune.lvm.LogicalVolume;
import io.virttune.lvm.Lvm;
import io.virttune.lvm.LvmReport;
import io.virttune.plan.DomainPlan;
import io.virttune.plan.Plan;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * The checks, before anything changes, that a plan file was made on this host and holds nothing but
 * what its own policy makes of the domains' definitions.
 */
public final class PlanTrust {
    private final LibvirtConnection host;
    private final PrintWriter out;
    private final boolean execute;
    private final Function<String, Optional<String>> ask;
    private final BooleanSupplier stableHostUuid;
    private final Function<String, Optional<LogicalVolume>> volumes;
    private final Function<String, Optional<DomainJournal>> journals;
    private final Supplier<Optional<String>> kernelRelease;

    /**
     * @param host the host apply runs against, read-only
     * @param ask asks the operator a question on a terminal; empty when there is none
     * @param stableHostUuid whether libvirt's host UUID survives a restart of libvirtd here
     * @param volumes the host's LV behind a block device path
     * @param journals the journal of the domain with a UUID, from apply's state directory
     * @param kernelRelease the host's kernel release, when it can be read
     */
    public PlanTrust(
            LibvirtConnection host,
            PrintWriter out,
            boolean execute,
            Function<String, Optional<String>> ask,
            BooleanSupplier stableHostUuid,
            Function<String, Optional<LogicalVolume>> volumes,
            Function<String, Optional<DomainJournal>> journals,
            Supplier<Optional<String>> kernelRelease) {
        this.kernelRelease = kernelRelease;
        this.host = host;
        this.out = out;
        this.execute = execute;
        this.ask = ask;
        this.stableHostUuid = stableHostUuid;
        this.volumes = volumes;
        this.journals = journals;
    }

    /** As above, on this machine's kernel: apply runs on the host it changes ({@code HostDoors.thisMachine}). */
    public PlanTrust(
            LibvirtConnection host,
            PrintWriter out,
            boolean execute,
            Function<String, Optional<String>> ask,
            BooleanSupplier stableHostUuid,
            Function<String, Optional<LogicalVolume>> volumes,
            Function<String, Optional<DomainJournal>> journals) {
        this(host, out, execute, ask, stableHostUuid, volumes, journals, PlannedHostCheck::thisKernelRelease);
    }

    public PlanTrust(
            LibvirtConnection host,
            PrintWriter out,
            boolean execute,
            Function<String, Optional<String>> ask,
            BooleanSupplier stableHostUuid,
            Function<String, Optional<LogicalVolume>> volumes) {
        this(host, out, execute, ask, stableHostUuid, volumes, uuid -> Optional.empty());
    }

    public PlanTrust(
            LibvirtConnection host,
            PrintWriter out,
            boolean execute,
            Function<String, Optional<String>> ask,
            BooleanSupplier stableHostUuid) {
        this(host, out, execute, ask, stableHostUuid, path -> Optional.empty());
    }

    public PlanTrust(LibvirtConnection host, PrintWriter out, boolean execute, Function<String, Optional<String>> ask) {
        this(host, out, execute, ask, () -> true);
    }

    /** The host's LV behind a device path, from one LVM report read at the first lookup (vgs, lvs, pvs). */
    public static Function<String, Optional<LogicalVolume>> volumesOf(Lvm lvm) {
        LvmReport[] report = new LvmReport[1];
        return path -> {
            if (report[0] == null) {
                report[0] = lvm.report();
            }
            return report[0].logicalVolumeByDevice(path);
        };
    }

    /**
     * Checks the plan against the host behind {@code uri} and the journals in {@code state};
     * refuses (exit 3) what it cannot trust.
     */
    public static void check(
            String uri,
            Plan plan,
            List<String> domains,
            PrintWriter out,
            boolean execute,
            Function<String, Optional<String>> ask,
            Lvm lvm,
            StateDirectory state) {
        Function<String, Optional<LogicalVolume>> volumes = volumesOf(lvm);
        try (LibvirtConnection host = LibvirtJavaConnection.openReadOnly(uri)) {
            new PlanTrust(host, out, execute, ask, PlannedHostCheck::hostHasSmbiosUuid, volumes, state::journal)
                    .check(plan, domains);
        }
    }

    /** Returns when the plan may be applied to {@code domains}; refuses otherwise, saying what differed. */
    public void check(Plan plan, List<String> domains) {
        List<String> problems =
                new ArrayList<>(new PlannedHostCheck(host, out, stableHostUuid, kernelRelease).problems(plan));
        problems.addAll(PlannedPolicyCheck.problems(plan));
        if (problems.isEmpty()) {
            Map<String, DomainRecord> current = host.domains().domains().stream()
                    .collect(Collectors.toMap(DomainRecord::name, record -> record, (a, b) -> a));
            for (DomainPlan domain : plan.domains()) {
                DomainRecord record = current.get(domain.name());
                if (domains.contains(domain.name()) && record != null) {
                    problems.addAll(new PlannedDefinitionCheck(plan, domain, volumes, journals).problems(record));
                    problems.addAll(PlannedPolicyCheck.cacheProblems(plan, domain, record));
                }
            }
        }
        if (!problems.isEmpty()) {
            throw VirtTuneException.refused(
                    problems,
                    "the plan cannot be trusted, nothing was changed:\n  " + String.join("\n  ", problems)
                            + "\nplan again on this host and review the new plan");
        }
        confirmWriteback(plan);
    }

    /** Writeback loses acknowledged writes on a power cut: the operator who runs apply says yes too. */
    private void confirmWriteback(Plan plan) {
        if (!plan.cacheMode().equals("writeback") || !execute) {
            return;
        }
        String question = "this plan sets cache=writeback: writes the guests were told are safe are lost on a host"
                + " crash or power cut. Accept that risk? [y/N] ";
        String answer = ask.apply(question)
                .orElseThrow(
                        () -> VirtTuneException.refused(
                                "the plan sets"
                                        + " cache=writeback and there is no terminal to accept its risk on; run apply from a terminal"));
        if (!List.of("y", "yes").contains(answer.strip().toLowerCase(Locale.ROOT))) {
            throw VirtTuneException.refused("writeback's risk not accepted: nothing was changed");
        }
    }
}
