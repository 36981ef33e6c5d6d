package io.virttune.apply.guards;

import io.virttune.VirtTuneException;
import io.virttune.apply.journal.DomainJournal;
import io.virttune.apply.journal.StateDirectory;
import io.virttune.libvirt.DomainRecord;
import io.virttune.libvirt.LibvirtConnection;
import io.virttune.libvirt.LibvirtJavaConnection;
import io.virttune.libvirt.LibvirtUris;
import io.virttune.lvm.LogicalVolume;
import io.virttune.lvm.Lvm;
import io.virttune.lvm.LvmReport;
import io.virttune.plan.CreateThinPool;
import io.virttune.plan.DomainPlan;
import io.virttune.plan.MigrationPlanner;
import io.virttune.plan.Plan;
import io.virttune.plan.PlanTarget;
import io.virttune.recipe.IoMode;
import io.virttune.recipe.IoUringRule;
import io.virttune.xml.DiskView;
import io.virttune.xml.DomainXml;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
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
        this(host, out, execute, ask, stableHostUuid, volumes, journals, PlanTrust::thisKernelRelease);
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

    /**
     * A plan that keeps an operator's io_uring was planned on a kernel, QEMU and libvirt that run it
     * safely: this host must still (a kernel booted back to an older one, or an edited plan, would
     * hang guests on it).
     */
    private Optional<String> ioUringProblem(Plan plan) {
        List<String> keeping = plan.domains().stream()
                .filter(domain -> domain.newXml() != null
                        && DomainXml.parse(domain.newXml(), "the plan's newXml of " + domain.name()).disks().stream()
                                .anyMatch(disk -> IoMode.of(disk.io()) == IoMode.IO_URING))
                .map(DomainPlan::name)
                .toList();
        if (keeping.isEmpty()) {
            return Optional.empty();
        }
        return IoUringRule.of(kernelRelease.get(), host.libvirtVersion(), host.hypervisorVersion())
                .hostHoldsBack()
                .map(reason -> "the plan keeps io='io_uring' on disks of " + String.join(", ", keeping)
                        + ", which this host" + " does not run safely: " + reason);
    }

    private static Optional<String> thisKernelRelease() {
        try {
            return Optional.of(
                    Files.readString(Path.of("/proc/sys/kernel/osrelease")).strip());
        } catch (IOException e) {
            return Optional.empty();
        }
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
     * libvirt takes the host UUID from the SMBIOS system UUID (host_uuid_source=smbios, the
     * default); a host without one (some VMs, User-Mode Linux) gets a new random UUID at every
     * start of libvirtd, which then identifies nothing.
     */
    static boolean hostHasSmbiosUuid() {
        return Files.isReadable(Path.of("/sys/class/dmi/id/product_uuid"));
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
            new PlanTrust(host, out, execute, ask, PlanTrust::hostHasSmbiosUuid, volumes, state::journal)
                    .check(plan, domains);
        }
    }

    /** Returns when the plan may be applied to {@code domains}; refuses otherwise, saying what differed. */
    public void check(Plan plan, List<String> domains) {
        List<String> problems = new ArrayList<>(hostProblems(plan));
        ioUringProblem(plan).ifPresent(problems::add);
        problems.addAll(policyProblems(plan));
        if (problems.isEmpty()) {
            Map<String, DomainRecord> current = host.domains().domains().stream()
                    .collect(Collectors.toMap(DomainRecord::name, record -> record, (a, b) -> a));
            for (DomainPlan domain : plan.domains()) {
                DomainRecord record = current.get(domain.name());
                if (domains.contains(domain.name()) && record != null) {
                    problems.addAll(new PlannedDefinitionCheck(plan, domain, volumes, journals).problems(record));
                    problems.addAll(cacheProblems(plan, domain, record));
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

    private List<String> hostProblems(Plan plan) {
        String uuid = host.hostUuid().orElse(null);
        if (plan.offline()) {
            List<String> problems = new ArrayList<>();
            if (!plan.uri().startsWith("file:") || plan.hostUuid() != null) {
                problems.add("the plan says it was made offline, but names a host (uri " + plan.uri() + ", host UUID "
                        + plan.hostUuid() + ")");
            }
            out.println("Host: unknown (the plan was made offline from XML files), bound at apply to "
                    + host.hostname() + " (" + host.uri() + ", host UUID "
                    + Objects.requireNonNullElse(uuid, "not reported")
                    + ")");
            return problems;
        }
        List<String> problems = new ArrayList<>();
        compare("hostname", plan.hostname(), host.hostname(), problems);
        // The host is its hostname (and UUID); the URI's transport and authority are only the route
        // to it: a fleet plan made over qemu+ssh:// is applied on its host through qemu:///system.
        compare(
                "libvirt daemon (driver and path of the URI)",
                LibvirtUris.daemon(plan.uri()),
                LibvirtUris.daemon(host.uri()),
                problems);
        if (problems.isEmpty() && !plan.uri().equals(host.uri())) {
            out.println("Planned through " + plan.uri() + ", applied through " + host.uri()
                    + ": the same libvirt daemon (" + LibvirtUris.daemon(host.uri()) + ") on " + host.hostname());
        }
        // What the plan's levers were gated on (io_uring kept, IOThreads per queue): the host's still.
        compare("libvirt version", plan.libvirtVersion(), host.libvirtVersion(), problems);
        compare("hypervisor", plan.hypervisorVersion(), host.hypervisorVersion(), problems);
        if (stableHostUuid.getAsBoolean()) {
            compare("host UUID (libvirt capabilities <host><uuid>)", plan.hostUuid(), uuid, problems);
        } else if (!Objects.equals(plan.hostUuid(), uuid)) {
            out.println("Note: host UUID not compared: this host has no SMBIOS system UUID, so libvirt makes up"
                    + " a new one at every start of libvirtd; hostname and URI are checked");
        }
        return problems;
    }

    private static void compare(String what, String planned, String here, List<String> problems) {
        if (!Objects.equals(planned, here)) {
            problems.add("the plan was made for " + what + " '" + planned + "', this host has '" + here + "'");
        }
    }

    /** The gates planning has, checked again: an edited policy must not slip past them. */
    private static List<String> policyProblems(Plan plan) {
        List<String> problems = new ArrayList<>();
        if (!List.of("none", "writeback").contains(plan.cacheMode())) {
            problems.add("cacheMode '" + plan.cacheMode() + "': virt-tune plans only none, or writeback with"
                    + " --accept-writeback-risk");
        } else if (plan.cacheMode().equals("writeback")
                && !plan.warnings().contains(MigrationPlanner.WRITEBACK_ACCEPTED)) {
            problems.add("cacheMode 'writeback' without the risk acknowledgement planning records"
                    + " (--accept-writeback-risk)");
        }
        PlanTarget target = plan.target();
        for (var step : plan.hostSteps()) {
            if (!(step instanceof CreateThinPool pool)
                    || target.newPool() == null
                    || !pool.vg().equals(target.vg())
                    || !pool.name().equals(target.thinPool())
                    || pool.chunkSizeBytes() != target.newPool().chunkSizeBytes()
                    || pool.zeroing() != target.newPool().zeroing()) {
                problems.add("host step " + step + " is not the thin pool the plan's target asks for");
            }
        }
        return problems;
    }

    /**
     * The gate on cache modes, over what the domain's new definition would set (a mode its disk at
     * that target does not have now), not over the plan's policy field alone: none, directsync (the
     * recipe keeps it), and writeback under the plan's accepted writeback policy, asked again below.
     */
    private static List<String> cacheProblems(Plan plan, DomainPlan domain, DomainRecord record) {
        if (domain.newXml() == null || domain.steps().isEmpty()) {
            return List.of();
        }
        Map<String, Optional<String>> now =
                DomainXml.parse(record.inactiveXml(), "domain '" + record.name() + "'").disks().stream()
                        .collect(Collectors.toMap(DiskView::targetDev, DiskView::cache, (a, b) -> a));
        Set<String> allowed = plan.cacheMode().equals("writeback")
                ? Set.of("none", "directsync", "writeback")
                : Set.of("none", "directsync");
        List<String> problems = new ArrayList<>();
        for (DiskView disk :
                DomainXml.parse(domain.newXml(), "the plan's newXml").disks()) {
            Optional<String> cache = disk.cache();
            if (cache.isPresent()
                    && !allowed.contains(cache.get())
                    && !cache.equals(now.getOrDefault(disk.targetDev(), Optional.empty()))) {
                problems.add(
                        "domain '" + domain.name() + "': disk " + disk.targetDev() + " would be defined with cache '"
                                + cache.get() + "'; virt-tune plans none, or writeback with --accept-writeback-risk");
            }
        }
        return problems;
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
