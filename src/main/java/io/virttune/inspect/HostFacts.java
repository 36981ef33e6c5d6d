package io.virttune.inspect;

import io.virttune.host.HostSettings;
import io.virttune.libvirt.EmulatorCapabilities;
import io.virttune.libvirt.EmulatorQuery;
import io.virttune.lvm.LvmReport;
import io.virttune.recipe.IoUringRule;
import io.virttune.xml.DomainXml;
import java.util.List;
import java.util.Optional;

/**
 * Everything inspect read about one host, as immutable facts: the pure input of the rules and of
 * planning. Parts that could not be read are empty, with the reason in {@code problems}.
 * {@code hugepageClaims} come from every domain of the host, selected or not; {@code emulators}
 * are the domain capabilities of the emulators the selected domains run on; {@code calibrationLeftovers}
 * the temporary LVs of calibrations in its LVM report.
 */
public record HostFacts(
        HostIdentity identity,
        Optional<HostSettings> settings,
        Optional<LvmReport> lvm,
        List<DomainFacts> domains,
        List<String> problems,
        List<HugepageClaim> hugepageClaims,
        List<EmulatorCapabilities> emulators,
        List<CalibrationLeftover> calibrationLeftovers) {

    public HostFacts {
        calibrationLeftovers = List.copyOf(calibrationLeftovers);
        emulators = List.copyOf(emulators);
        domains = List.copyOf(domains);
        hugepageClaims = List.copyOf(hugepageClaims);
        problems = List.copyOf(problems);
    }

    /** Facts of a host whose LVM report was not searched for calibrations' LVs (a plan's, a test's). */
    public HostFacts(
            HostIdentity identity,
            Optional<HostSettings> settings,
            Optional<LvmReport> lvm,
            List<DomainFacts> domains,
            List<String> problems,
            List<HugepageClaim> hugepageClaims,
            List<EmulatorCapabilities> emulators) {
        this(identity, settings, lvm, domains, problems, hugepageClaims, emulators, List.of());
    }

    /** Whether an operator's io_uring may stay, by this host's kernel, QEMU and libvirt. */
    public IoUringRule ioUringRule() {
        return IoUringRule.of(
                settings.flatMap(HostSettings::kernelRelease), identity.libvirtVersion(), identity.hypervisorVersion());
    }

    /**
     * Facts whose domains are all the host has (the hugepage claims are theirs), with no emulator's
     * capabilities read: domain XML files, or a fake.
     */
    public HostFacts(
            HostIdentity identity,
            Optional<HostSettings> settings,
            Optional<LvmReport> lvm,
            List<DomainFacts> domains,
            List<String> problems) {
        this(identity, settings, lvm, domains, problems, HugepageClaim.of(domains), List.of());
    }

    /** The capabilities of the emulator {@code domain} runs on, when libvirt was asked for them. */
    public Optional<EmulatorCapabilities> emulatorOf(DomainXml domain) {
        EmulatorQuery query = EmulatorQuery.of(domain);
        return emulators.stream()
                .filter(emulator -> emulator.query().equals(query))
                .findFirst();
    }
}
