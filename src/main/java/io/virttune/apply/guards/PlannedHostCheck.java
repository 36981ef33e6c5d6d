package io.virttune.apply.guards;

import io.virttune.libvirt.LibvirtConnection;
import io.virttune.libvirt.LibvirtUris;
import io.virttune.plan.DomainPlan;
import io.virttune.plan.Plan;
import io.virttune.recipe.IoMode;
import io.virttune.recipe.IoUringRule;
import io.virttune.xml.DomainXml;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/** Whether this host is the one a plan was made for, and still runs safely the io_uring the plan keeps. */
final class PlannedHostCheck {
    private final LibvirtConnection host;
    private final PrintWriter out;
    private final BooleanSupplier stableHostUuid;
    private final Supplier<Optional<String>> kernelRelease;

    PlannedHostCheck(
            LibvirtConnection host,
            PrintWriter out,
            BooleanSupplier stableHostUuid,
            Supplier<Optional<String>> kernelRelease) {
        this.host = host;
        this.out = out;
        this.stableHostUuid = stableHostUuid;
        this.kernelRelease = kernelRelease;
    }

    /** What differs between the host the plan names and this one, with what it cannot run of the plan. */
    List<String> problems(Plan plan) {
        List<String> problems = new ArrayList<>(hostProblems(plan));
        ioUringProblem(plan).ifPresent(problems::add);
        return problems;
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

    /** This machine's kernel release, when it can be read. */
    static Optional<String> thisKernelRelease() {
        try {
            return Optional.of(
                    Files.readString(Path.of("/proc/sys/kernel/osrelease")).strip());
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /**
     * libvirt takes the host UUID from the SMBIOS system UUID (host_uuid_source=smbios, the
     * default); a host without one (some VMs, User-Mode Linux) gets a new random UUID at every
     * start of libvirtd, which then identifies nothing.
     */
    static boolean hostHasSmbiosUuid() {
        return Files.isReadable(Path.of("/sys/class/dmi/id/product_uuid"));
    }
}
