package io.virttune.inspect;

import io.virttune.VirtTuneException;
import io.virttune.agent.GuestAgentLink;
import io.virttune.host.HostSettings;
import io.virttune.libvirt.DomainInventory;
import io.virttune.libvirt.DomainRecord;
import io.virttune.libvirt.EmulatorCapabilities;
import io.virttune.libvirt.EmulatorQuery;
import io.virttune.libvirt.LibvirtConnection;
import io.virttune.lvm.CalibrationVolume;
import io.virttune.lvm.LogicalVolume;
import io.virttune.lvm.LvmReport;
import io.virttune.recipe.DiskClassifier;
import io.virttune.recipe.DiskRole;
import io.virttune.recipe.DiskVerdict;
import io.virttune.xml.DiskView;
import io.virttune.xml.DomainXml;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/** Reads one host into {@link HostFacts}, the only part of inspect that does I/O, each part it cannot read a problem. */
public final class HostInspector {
    /** The connection, waited for where it is first needed. */
    private final Background<? extends InspectedLibvirt<?>> connection;

    private final HostFactsSource host;
    private final Optional<VirtioDriverProbe> virtioDriver;
    /** Whether the emulators the domains run on are asked for their domain capabilities. */
    private final boolean emulators;

    /**
     * The facts of the domains {@code selection} picks on the host whose libvirt is at {@code uri},
     * with the domain capabilities of the emulators they run on, read through one connection (read-write,
     * as libvirt gives those capabilities, unless it refuses: then read-only, without them); a Windows
     * guest waiting for its VirtIO storage driver is asked through its agent.
     */
    public static HostFacts read(String uri, HostFactsSource host, DomainSelection selection) {
        return read(LibvirtOpener.CLIENT_LIBRARY, uri, host, selection, true);
    }

    /** {@link #read} without the emulators' domain capabilities, through a read-only connection. */
    public static HostFacts readWithoutEmulators(String uri, HostFactsSource host, DomainSelection selection) {
        return read(LibvirtOpener.CLIENT_LIBRARY, uri, host, selection, false);
    }

    static HostFacts read(
            LibvirtOpener opener, String uri, HostFactsSource host, DomainSelection selection, boolean emulators) {
        try (InspectionLibvirt libvirt = new InspectionLibvirt(opener, uri, emulators)) {
            return new HostInspector(libvirt.opening(), host, Optional.of(libvirt), emulators).inspect(selection);
        }
    }

    /** An inspector that asks no guest agent. */
    public HostInspector(LibvirtConnection connection, HostFactsSource host) {
        this(connection, host, Optional.empty());
    }

    public HostInspector(LibvirtConnection connection, HostFactsSource host, Optional<GuestAgentLink> agents) {
        this(Background.of(InspectedLibvirt.given(connection)), host, agents, true);
    }

    private HostInspector(
            Background<? extends InspectedLibvirt<?>> connection,
            HostFactsSource host,
            Optional<GuestAgentLink> agents,
            boolean emulators) {
        this.connection = connection;
        this.host = host;
        this.virtioDriver = agents.map(VirtioDriverProbe::new);
        this.emulators = emulators;
    }

    public HostFacts inspect(DomainSelection selection) {
        List<String> problems = new ArrayList<>();
        // The host's side first: it needs no libvirt, which may still be opening. Once the opening has
        // failed, the outcome is that failure: no more of the host is read (over SSH, say) for it.
        Optional<HostSettings> settings = attempt("host settings", host::settings, problems);
        connection.throwIfFailed();
        Optional<LvmReport> lvm = attempt("LVM", host::lvm, problems);
        LibvirtConnection libvirt = connection.join().libvirt();
        HostIdentity identity = new HostIdentity(
                libvirt.uri(),
                host.hostname().orElseGet(libvirt::hostname),
                libvirt.hostUuid().orElse(null),
                libvirt.libvirtVersion(),
                libvirt.hypervisorVersion());

        DomainInventory inventory = libvirt.domains();
        Map<String, DomainRecord> byName = inventory.domains().stream()
                .collect(Collectors.toMap(DomainRecord::name, Function.identity(), (a, b) -> a));
        List<String> names = new ArrayList<>(byName.keySet());
        inventory.failures().forEach(failure -> names.add(failure.name()));
        names.sort(String::compareTo);

        Map<String, ParsedDefinition> definitions = parse(inventory);
        List<DomainFacts> domains = new ArrayList<>();
        for (String name : selection.select(names)) {
            DomainRecord record = byName.get(name);
            if (record == null) {
                String reason = inventory.failures().stream()
                        .filter(failure -> failure.name().equals(name))
                        .findFirst()
                        .orElseThrow()
                        .reason();
                domains.add(DomainFacts.unreadable(name, io.virttune.libvirt.DomainState.OTHER, reason));
            } else {
                domains.add(readDomain(record, definitions.get(record.name()), lvm));
            }
        }
        return new HostFacts(
                identity,
                settings,
                lvm,
                domains,
                problems,
                hugepageClaims(inventory, definitions),
                emulators ? emulators(connection.join(), domains, definitions) : List.of(),
                lvm.map(report -> calibrationLeftovers(report, problems)).orElse(List.of()));
    }

    /** The calibrations' LVs in {@code lvm}, each with whether its virt-tune still runs on the host. */
    private List<CalibrationLeftover> calibrationLeftovers(LvmReport lvm, List<String> problems) {
        return CalibrationVolume.in(lvm).stream()
                .map(volume -> new CalibrationLeftover(
                        volume,
                        attempt("process " + volume.maker().pid(), () -> host.runs(volume.maker()), problems)
                                .flatMap(runs -> runs)))
                .toList();
    }

    /** The capabilities of each emulator the selected domains name, asked once per emulator. */
    private static List<EmulatorCapabilities> emulators(
            InspectedLibvirt<?> libvirt, List<DomainFacts> domains, Map<String, ParsedDefinition> definitions) {
        List<EmulatorCapabilities> emulators = new ArrayList<>();
        domains.stream()
                .map(domain -> definitions.get(domain.name()))
                .filter(Objects::nonNull)
                .flatMap(parsed -> parsed.xml().stream())
                .map(EmulatorQuery::of)
                .distinct()
                .forEach(query -> emulatorCapabilities(libvirt, query).ifPresent(emulators::add));
        return emulators;
    }

    private static Optional<EmulatorCapabilities> emulatorCapabilities(
            InspectedLibvirt<?> libvirt, EmulatorQuery query) {
        if (libvirt.readWriteRefused().isPresent()) {
            return Optional.of(EmulatorCapabilities.unreadable(
                    query,
                    "libvirt gives domain capabilities only over a read-write connection, and it refused one: "
                            + libvirt.readWriteRefused().get()));
        }
        try {
            return libvirt.libvirt().domainCapabilities(query).map(xml -> EmulatorCapabilities.parse(query, xml));
        } catch (VirtTuneException e) {
            return Optional.of(EmulatorCapabilities.unreadable(query, e.getMessage()));
        }
    }

    /** A domain's inactive definition, parsed once for its facts and its hugepage claim; or why it cannot be. */
    private record ParsedDefinition(Optional<DomainXml> xml, String problem) {}

    private static Map<String, ParsedDefinition> parse(DomainInventory inventory) {
        // Each definition parses on its own (one SAX builder per thread), on every core.
        List<ParsedDefinition> parsed =
                inventory.domains().parallelStream().map(HostInspector::parse).toList();
        Map<String, ParsedDefinition> byName = new HashMap<>();
        for (int i = 0; i < parsed.size(); i++) {
            byName.putIfAbsent(inventory.domains().get(i).name(), parsed.get(i));
        }
        return byName;
    }

    private static ParsedDefinition parse(DomainRecord record) {
        try {
            return new ParsedDefinition(
                    Optional.of(DomainXml.parse(record.inactiveXml(), "domain '" + record.name() + "'")), null);
        } catch (VirtTuneException e) {
            return new ParsedDefinition(Optional.empty(), e.getMessage());
        }
    }

    /** Every domain's claim, selected or not: a shut-off guest outside the selection starts too. */
    private static List<HugepageClaim> hugepageClaims(
            DomainInventory inventory, Map<String, ParsedDefinition> definitions) {
        List<HugepageClaim> claims = new ArrayList<>();
        for (DomainRecord record : inventory.domains()) {
            // An unreadable definition is reported with the domain's facts when it is selected.
            definitions
                    .get(record.name())
                    .xml()
                    .flatMap(xml -> HugepageClaim.of(record.name(), record.state(), xml))
                    .ifPresent(claims::add);
        }
        return claims;
    }

    private DomainFacts readDomain(DomainRecord record, ParsedDefinition definition, Optional<LvmReport> lvm) {
        if (definition.xml().isEmpty()) {
            return DomainFacts.unreadable(record.name(), record.state(), definition.problem());
        }
        DomainXml xml = definition.xml().get();
        List<DiskFacts> disks = new ArrayList<>();
        for (DiskView disk : xml.disks()) {
            disks.add(readDisk(disk, lvm));
        }
        DomainFacts facts = new DomainFacts(record.name(), record.state(), Optional.of(xml), disks, Optional.empty());
        return virtioDriver.map(probe -> probe.probe(facts)).orElse(facts);
    }

    private DiskFacts readDisk(DiskView disk, Optional<LvmReport> lvm) {
        DiskVerdict verdict = DiskClassifier.classify(disk);
        Optional<String> path = disk.sourcePath();
        if (verdict.role() == DiskRole.MOVE_DATA && path.isPresent()) {
            try {
                return new DiskFacts(
                        disk,
                        verdict,
                        Optional.of(image(path.get(), disk.format().orElse("raw"))),
                        Optional.empty(),
                        Optional.empty());
            } catch (VirtTuneException e) {
                return new DiskFacts(disk, verdict, Optional.empty(), Optional.empty(), Optional.of(e.getMessage()));
            }
        }
        Optional<LogicalVolume> volume =
                path.flatMap(device -> lvm.flatMap(report -> report.logicalVolumeByDevice(device)));
        return new DiskFacts(disk, verdict, Optional.empty(), volume, Optional.empty());
    }

    /** libvirt reads a disk without a declared format as raw; so does virt-tune, never probing. */
    private ImageFacts image(String path, String format) {
        Optional<ImageFacts> direct = host.mappedImage(path, format);
        if (direct.isPresent()) {
            return direct.get();
        }
        LibvirtConnection libvirt = connection.join().libvirt();
        return libvirt.volumeByPath(path)
                .map(PoolVolumeImages::facts)
                .orElseThrow(() -> VirtTuneException.failed("image " + path + " is not in any storage pool of "
                        + libvirt.uri() + " and cannot be read from here"));
    }

    private static <T> Optional<T> attempt(String what, Supplier<T> read, List<String> problems) {
        try {
            return Optional.of(read.get());
        } catch (VirtTuneException e) {
            problems.add(what + ": " + e.getMessage());
            return Optional.empty();
        }
    }
}
