package io.virttune.inspect;

import io.virttune.agent.GuestAgentLink;
import io.virttune.host.HostProbe;
import io.virttune.host.HostSettings;
import io.virttune.libvirt.DomainState;
import io.virttune.lvm.LvmReport;
import io.virttune.lvm.LvmReportParser;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Builds a host's facts for a test the way inspect does (through {@link HostInspector}), from
 * domain XML snippets, recorded LVM reports and recorded /proc and /sys trees.
 */
public final class TestHost {
    public static final Path HV01 = Path.of("examples/hv01");
    public static final long GIB = 1L << 30;

    private final FakeLibvirt libvirt = new FakeLibvirt();
    private final RecordedHost host = new RecordedHost();
    private Optional<GuestAgentLink> agents = Optional.empty();

    /** A host with the bundled example's settings and LVM, and no domains yet. */
    public static TestHost hv01() {
        return new TestHost().settings(hv01Settings()).lvm(hv01Lvm());
    }

    public static HostSettings hv01Settings() {
        return new HostProbe(HV01.resolve("host")).probe();
    }

    public static LvmReport hv01Lvm() {
        return lvm(HV01.resolve("lvm/vgs.json"), HV01.resolve("lvm/lvs.json"), HV01.resolve("lvm/pvs.json"));
    }

    public static LvmReport lvm(Path vgs, Path lvs, Path pvs) {
        return new LvmReportParser().parse(read(vgs), read(lvs), read(pvs));
    }

    public static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A minimal domain definition: 4 GiB, {@code vcpus} vCPUs, {@code extra} elements, then the disks. */
    public static String domainXml(String name, int vcpus, String extra, String... disks) {
        return "<domain type='kvm'><name>" + name + "</name><memory unit='GiB'>4</memory>"
                + "<vcpu>" + vcpus + "</vcpu><os><type arch='x86_64'>hvm</type></os>" + extra
                + "<devices>" + String.join("", disks) + "</devices></domain>";
    }

    /** A file disk with a driver carrying {@code driverAttributes} (e.g. {@code cache='none'}). */
    public static String fileDisk(String target, String bus, String path, String driverAttributes) {
        return "<disk type='file' device='disk'><driver name='qemu' type='qcow2' " + driverAttributes + "/>"
                + "<source file='" + path + "'/><target dev='" + target + "' bus='" + bus + "'/></disk>";
    }

    /** A block disk on a raw device, with a driver carrying {@code driverAttributes}. */
    public static String blockDisk(String target, String bus, String device, String driverAttributes) {
        return "<disk type='block' device='disk'><driver name='qemu' type='raw' " + driverAttributes + "/>"
                + "<source dev='" + device + "'/><target dev='" + target + "' bus='" + bus + "'/></disk>";
    }

    /** An image as qemu-img reports it: 40 GiB virtual, 7 GiB allocated. */
    public static ImageFacts qcow2(String path, List<String> backingChain, int internalSnapshots) {
        return new ImageFacts(
                path, "qcow2", 40 * GIB, 7 * GIB, backingChain, false, OptionalInt.of(internalSnapshots), "qemu-img");
    }

    public TestHost settings(HostSettings settings) {
        host.settings(settings);
        return this;
    }

    public TestHost lvm(LvmReport lvm) {
        host.lvm(lvm);
        return this;
    }

    public TestHost running(Long... pids) {
        host.running(pids);
        return this;
    }

    public TestHost image(ImageFacts image) {
        host.image(image);
        return this;
    }

    public TestHost domain(String name, DomainState state, String xml) {
        libvirt.domain(name, state, xml);
        return this;
    }

    /** A shut-off domain. */
    public TestHost domain(String name, String xml) {
        return domain(name, DomainState.SHUTOFF, xml);
    }

    /** Windows guests that wait for their VirtIO storage driver are asked through {@code agent}. */
    public TestHost agents(GuestAgentLink agent) {
        agents = Optional.of(agent);
        return this;
    }

    public FakeLibvirt libvirt() {
        return libvirt;
    }

    public HostFacts facts() {
        return facts(DomainSelection.all());
    }

    public HostFacts facts(DomainSelection selection) {
        return new HostInspector(libvirt, host, agents).inspect(selection);
    }
}
