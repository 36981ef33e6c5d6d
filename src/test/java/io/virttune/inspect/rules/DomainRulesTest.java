package io.virttune.inspect.rules;

import static io.virttune.inspect.TestHost.blockDisk;
import static io.virttune.inspect.TestHost.domainXml;
import static io.virttune.inspect.TestHost.fileDisk;
import static io.virttune.inspect.TestHost.qcow2;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.virttune.host.HostProbe;
import io.virttune.inspect.Finding;
import io.virttune.inspect.FindingLines;
import io.virttune.inspect.HostFacts;
import io.virttune.inspect.TestHost;
import io.virttune.libvirt.DomainState;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The per-domain rules: Windows readiness, running guests, hugepages and vCPUs. */
class DomainRulesTest {
    private static final String HYPERV = "<features><hyperv><relaxed state='on'/></hyperv></features>";
    private static final String IMAGE = "/img/vm.qcow2";
    private static final String LV = "/dev/vg_fast/db03-root";
    private static final String CDROM =
            "<disk type='file' device='cdrom'><target dev='sdc' bus='sata'/><readonly/></disk>";

    private static HostFacts host(DomainState state, int vcpus, String extra, String... disks) {
        return TestHost.hv01()
                .image(qcow2(IMAGE, List.of(), 0))
                .domain("vm", state, domainXml("vm", vcpus, extra, disks))
                .facts();
    }

    @Test
    void aWindowsGuestThatAlreadyUsesAVirtioDiskHasItsDriverBound() {
        HostFacts facts = host(
                DomainState.SHUTOFF,
                2,
                HYPERV,
                fileDisk("sda", "sata", IMAGE, ""),
                blockDisk("vda", "virtio", LV, ""),
                CDROM);
        assertEquals(List.of(), FindingLines.of(new WindowsVirtioRule().check(facts)));
    }

    @Test
    void aDiskNamedLikeTheTemporaryDiskIsNoProofOfABoundDriver() {
        HostFacts facts = host(
                DomainState.SHUTOFF,
                2,
                HYPERV,
                fileDisk("sda", "sata", IMAGE, ""),
                blockDisk("vda", "virtio", "/dev/vg_fast/vm-virtio-stage", ""));
        assertEquals(
                List.of("domain.windows-virtio warning vm"),
                FindingLines.of(new WindowsVirtioRule().check(facts)),
                "the plan stages this guest: virt-tune's temporary disk is added before Windows ever booted with it");
    }

    @Test
    void aWindowsGuestWithEmulatedDisksIsReportedListingThem() {
        HostFacts facts = host(DomainState.SHUTOFF, 2, HYPERV, fileDisk("sda", "sata", IMAGE, ""), CDROM);
        List<Finding> findings = new WindowsVirtioRule().check(facts);
        assertEquals(List.of("domain.windows-virtio warning vm"), FindingLines.of(findings));
        assertEquals(
                "Hyper-V enlightenments in <features>; disks on emulated buses: sda",
                findings.get(0).evidence());
        assertEquals(
                "confirm viostor is bound (--virtio-ready=vm), or let the plan stage it: a small temporary"
                        + " virtio disk for one boot, then the switch",
                findings.get(0).fix());
    }

    @Test
    void windowsAlreadyOnVirtioAndLinuxOnSataAreNotWindowsFindings() {
        assertEquals(
                List.of(),
                new WindowsVirtioRule()
                        .check(host(DomainState.SHUTOFF, 2, HYPERV, blockDisk("vda", "virtio", LV, ""), CDROM)));
        assertEquals(
                List.of(),
                new WindowsVirtioRule().check(host(DomainState.SHUTOFF, 2, "", fileDisk("sda", "sata", IMAGE, ""))));
    }

    @Test
    void aRunningGuestIsReportedOnlyWhenItHasImagesToMove() {
        List<Finding> findings =
                new RunningDomainRule().check(host(DomainState.RUNNING, 2, "", fileDisk("vda", "virtio", IMAGE, "")));
        assertEquals(List.of("domain.running info vm"), FindingLines.of(findings));
        assertEquals("state running", findings.get(0).evidence());
        assertEquals(
                List.of(),
                new RunningDomainRule().check(host(DomainState.RUNNING, 2, "", blockDisk("vda", "virtio", LV, ""))));
        assertEquals(
                List.of(),
                new RunningDomainRule().check(host(DomainState.SHUTOFF, 2, "", fileDisk("vda", "virtio", IMAGE, ""))));
        assertEquals(
                List.of("domain.running info vm"),
                FindingLines.of(new RunningDomainRule()
                        .check(host(DomainState.PAUSED, 2, "", fileDisk("vda", "virtio", IMAGE, "")))));
    }

    @Test
    void guestMemoryOffHugepagesIsReportedWithWhetherTheHostCanHoldIt() {
        List<Finding> fits = new HugepagesRule().check(host(DomainState.SHUTOFF, 2, ""));
        assertEquals(List.of("domain.hugepages info vm"), FindingLines.of(fits));
        assertEquals(
                "4 GiB of guest memory on 4 KiB pages; the host has 12 GiB of hugepages available (free and not promised)",
                fits.get(0).evidence());
        assertEquals(
                "back it with hugepages (<memoryBacking><hugepages/>); the plan adds it while the host's free"
                        + " pool holds every planned guest",
                fits.get(0).fix());

        HostFacts noHugepages = new TestHost()
                .settings(new HostProbe(Path.of("src/test/resources/host/this-machine")).probe())
                .domain("vm", domainXml("vm", 2, ""))
                .facts();
        List<Finding> tooBig = new HugepagesRule().check(noHugepages);
        assertEquals(
                "4 GiB of guest memory on 4 KiB pages; the host has 0 B of hugepages available (free and not promised)",
                tooBig.get(0).evidence());
        assertEquals(
                "reserve more hugepages at boot (virt-tune snippets writes the GRUB line), then plan",
                tooBig.get(0).fix());
    }

    @Test
    void aGuestOnHugepagesIsNotReported() {
        assertEquals(
                List.of(),
                new HugepagesRule().check(host(DomainState.SHUTOFF, 2, "<memoryBacking><hugepages/></memoryBacking>")));
    }

    @Test
    void oneVcpuIsReportedOnlyWithDisksToTune() {
        List<Finding> findings =
                new VcpuRule().check(host(DomainState.SHUTOFF, 1, "", blockDisk("vda", "virtio", LV, "")));
        assertEquals(List.of("domain.vcpus info vm"), FindingLines.of(findings));
        assertEquals("only 1 vCPU for 1 disk(s)", findings.get(0).summary());
        assertEquals(List.of(), new VcpuRule().check(host(DomainState.SHUTOFF, 1, "", CDROM)));
        assertEquals(
                List.of(), new VcpuRule().check(host(DomainState.SHUTOFF, 2, "", blockDisk("vda", "virtio", LV, ""))));
    }
}
