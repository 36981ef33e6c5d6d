package io.virttune.plan;

import io.virttune.agent.GuestAgentLink;
import io.virttune.host.HostProbe;
import io.virttune.host.HostSettings;
import io.virttune.inspect.DiskFacts;
import io.virttune.inspect.DomainFacts;
import io.virttune.inspect.HostFacts;
import io.virttune.inspect.HostIdentity;
import io.virttune.inspect.ImageFacts;
import io.virttune.inspect.VirtioDriverProbe;
import io.virttune.libvirt.DomainState;
import io.virttune.lvm.LogicalVolume;
import io.virttune.lvm.LvmReport;
import io.virttune.lvm.LvmReportParser;
import io.virttune.recipe.DiskClassifier;
import io.virttune.text.RangeList;
import io.virttune.xml.DiskView;
import io.virttune.xml.DomainXml;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;

/** Builds host facts for planner tests from small domain XML and the example host's recorded LVM. */
final class PlanFacts {
    static final Path EXAMPLE = Path.of("examples/hv01");
    static final String WINDOWS_UUID = "4dea22b3-1d52-d8f3-2516-782e98ab3fa0";
    /** A Windows Server 2019 guest's uuid and libosinfo metadata, for {@link #domainXml}'s {@code extra}. */
    static final String WINDOWS = "  <uuid>" + WINDOWS_UUID + "</uuid>\n  <metadata>\n"
            + "    <libosinfo:libosinfo xmlns:libosinfo='http://libosinfo.org/xmlns/libvirt/domain/1.0'>\n"
            + "      <libosinfo:os id='http://microsoft.com/win/2k19'/>\n    </libosinfo:libosinfo>\n  </metadata>\n";

    private final List<DomainFacts> domains = new ArrayList<>();
    private Optional<LvmReport> lvm = Optional.of(exampleLvm());
    private Optional<HostSettings> settings = Optional.of(new HostProbe(EXAMPLE.resolve("host")).probe());
    private String hypervisor = "QEMU 7.2.0";
    private String libvirt = "9.0.0";
    private Optional<VirtioDriverProbe> agents = Optional.empty();

    static LvmReport exampleLvm() {
        try {
            Path dir = EXAMPLE.resolve("lvm");
            return new LvmReportParser()
                    .parse(
                            Files.readString(dir.resolve("vgs.json")),
                            Files.readString(dir.resolve("lvs.json")),
                            Files.readString(dir.resolve("pvs.json")));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static ImageFacts qcow2(String path, long virtualGiB, long allocatedGiB) {
        return new ImageFacts(
                path, "qcow2", virtualGiB << 30, allocatedGiB << 30, List.of(), false, OptionalInt.of(0), "qemu-img");
    }

    PlanFacts withoutLvm() {
        lvm = Optional.empty();
        return this;
    }

    /** Adds a linear LV to the host's LVM report, as apply's lvcreate leaves it: with its tags. */
    PlanFacts volume(String vg, String name, String... tags) {
        LvmReport report = lvm.orElseThrow();
        List<LogicalVolume> volumes = new ArrayList<>(report.logicalVolumes());
        volumes.add(new LogicalVolume(
                vg,
                name,
                64L << 20,
                "linear",
                "-wi-a-----",
                OptionalLong.of(0),
                Optional.empty(),
                0,
                Optional.empty(),
                OptionalDouble.empty(),
                OptionalDouble.empty(),
                0,
                List.of(tags)));
        lvm = Optional.of(new LvmReport(report.volumeGroups(), volumes, report.physicalVolumes()));
        return this;
    }

    /** Adds an empty thin pool to the host's LVM report, with zeroing on and 64 MiB of metadata. */
    PlanFacts thinPool(String vg, String name, long sizeBytes, long chunkBytes) {
        return thinPool(vg, name, sizeBytes, chunkBytes, "twi-aotz--", OptionalDouble.of(0), true);
    }

    /** Adds an empty thin pool made with {@code --zero n}: its new chunks keep what they held. */
    PlanFacts thinPoolWithoutZeroing(String vg, String name, long sizeBytes, long chunkBytes) {
        return thinPool(vg, name, sizeBytes, chunkBytes, "twi-aotz--", OptionalDouble.of(0), false);
    }

    /** Adds an inactive thin pool, as lvs prints one: with no data or metadata usage. */
    PlanFacts inactiveThinPool(String vg, String name, long sizeBytes, long chunkBytes) {
        return thinPool(vg, name, sizeBytes, chunkBytes, "twi---tz--", OptionalDouble.empty(), true);
    }

    private PlanFacts thinPool(
            String vg,
            String name,
            long sizeBytes,
            long chunkBytes,
            String attributes,
            OptionalDouble usage,
            boolean zeroing) {
        LvmReport report = lvm.orElseThrow();
        List<LogicalVolume> volumes = new ArrayList<>(report.logicalVolumes());
        volumes.add(new LogicalVolume(
                vg,
                name,
                sizeBytes,
                "thin-pool",
                attributes,
                OptionalLong.empty(),
                Optional.empty(),
                chunkBytes,
                Optional.of(zeroing),
                usage,
                usage,
                64L << 20,
                List.of()));
        lvm = Optional.of(new LvmReport(report.volumeGroups(), volumes, report.physicalVolumes()));
        return this;
    }

    PlanFacts withoutSettings() {
        settings = Optional.empty();
        return this;
    }

    /** Windows guests that wait for their VirtIO storage driver are asked through {@code agent}, as inspect asks them. */
    PlanFacts agents(GuestAgentLink agent) {
        agents = Optional.of(new VirtioDriverProbe(agent));
        return this;
    }

    /** The host's kernel release, as {@code /proc/sys/kernel/osrelease} gives it. */
    PlanFacts kernel(String release) {
        settings = settings.map(read -> new HostSettings(
                read.memTotalKiB(),
                read.defaultHugepageSizeKiB(),
                read.hugepagePools(),
                read.kernelCommandLine(),
                read.blockDevices(),
                Optional.of(release),
                read.onlineCpus()));
        return this;
    }

    /** The host's online CPUs, as {@code /sys/devices/system/cpu/online} lists them ("0-63"). */
    PlanFacts cpus(String online) {
        settings = settings.map(read -> new HostSettings(
                read.memTotalKiB(),
                read.defaultHugepageSizeKiB(),
                read.hugepagePools(),
                read.kernelCommandLine(),
                read.blockDevices(),
                read.kernelRelease(),
                OptionalInt.of(RangeList.parse(online).orElseThrow().size())));
        return this;
    }

    PlanFacts hypervisor(String version) {
        hypervisor = version;
        return this;
    }

    PlanFacts libvirt(String version) {
        libvirt = version;
        return this;
    }

    PlanFacts domain(String xml, Map<String, ImageFacts> imagesByTarget) {
        return domain(xml, DomainState.SHUTOFF, imagesByTarget);
    }

    PlanFacts domain(String xml, DomainState state, Map<String, ImageFacts> imagesByTarget) {
        DomainXml parsed = DomainXml.parse(xml, "test domain");
        List<DiskFacts> disks = new ArrayList<>();
        for (DiskView disk : parsed.disks()) {
            disks.add(new DiskFacts(
                    disk,
                    DiskClassifier.classify(disk),
                    disk.declaredTargetDev().map(imagesByTarget::get),
                    disk.sourcePath().flatMap(path -> lvm.flatMap(report -> report.logicalVolumeByDevice(path))),
                    Optional.empty()));
        }
        domains.add(new DomainFacts(parsed.name(), state, Optional.of(parsed), disks, Optional.empty()));
        return this;
    }

    HostFacts build() {
        List<DomainFacts> probed = domains.stream()
                .map(domain -> agents.map(probe -> probe.probe(domain)).orElse(domain))
                .toList();
        return new HostFacts(
                new HostIdentity("qemu:///system", "hv-test", libvirt, hypervisor), settings, lvm, probed, List.of());
    }

    /** A minimal domain with the given memory and devices. */
    static String domainXml(String name, String extra, String devices) {
        return "<domain type='kvm'>\n"
                + "  <name>" + name + "</name>\n"
                + "  <memory unit='GiB'>2</memory>\n"
                + "  <vcpu>2</vcpu>\n"
                + extra
                + "  <os><type arch='x86_64'>hvm</type></os>\n"
                + "  <devices>\n"
                + devices
                + "  </devices>\n"
                + "</domain>\n";
    }

    static String qcow2Disk(String path, String target, String bus) {
        return "    <disk type='file' device='disk'>\n"
                + "      <driver name='qemu' type='qcow2'/>\n"
                + "      <source file='" + path + "'/>\n"
                + "      <target dev='" + target + "' bus='" + bus + "'/>\n"
                + (bus.equals("sata")
                        ? "      <address type='drive' controller='0' bus='0' target='0' unit='0'/>\n"
                        : "")
                + "    </disk>\n";
    }
}
