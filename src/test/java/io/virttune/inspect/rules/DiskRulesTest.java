package io.virttune.inspect.rules;

import static io.virttune.inspect.TestHost.blockDisk;
import static io.virttune.inspect.TestHost.domainXml;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.virttune.inspect.Finding;
import io.virttune.inspect.FindingLines;
import io.virttune.inspect.HostFacts;
import io.virttune.inspect.TestHost;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The per-disk tuning rules on one block disk whose driver attributes each test chooses. */
class DiskRulesTest {
    private static final String TUNED = "cache='none' io='native' discard='unmap' iothread='1'";
    private static final String LV_READ_AHEAD_OFF = "/dev/vg_fast/db03-root";
    private static final String LV_READ_AHEAD_AUTO = "/dev/vg_guests/db01-disk0";

    private static HostFacts host(String extra, String disk) {
        return TestHost.hv01().domain("vm", domainXml("vm", 2, extra, disk)).facts();
    }

    private static List<Finding> check(DiskRule rule, String driverAttributes) {
        return rule.check(host("", blockDisk("vda", "virtio", LV_READ_AHEAD_OFF, driverAttributes)));
    }

    @Test
    void aFullyTunedDiskHasNothingToReportUnderAnyDiskRule() {
        HostFacts tuned = host("<iothreads>1</iothreads>", blockDisk("vda", "virtio", LV_READ_AHEAD_OFF, TUNED));
        for (DiskRule rule : List.of(
                new BusRule(),
                new IoThreadRule(),
                new CacheModeRule(),
                new IoModeRule(),
                new DiscardRule(),
                new LvReadAheadRule(),
                new ImageFileRule(),
                new InternalSnapshotRule(),
                new BackingChainRule())) {
            assertEquals(List.of(), rule.check(tuned), rule.getClass().getSimpleName());
        }
    }

    @ParameterizedTest(name = "cache={0}")
    @CsvSource({
        "'', warning, no cache attribute: QEMU's default is writeback through the host page cache",
        "cache='writeback', info, driver cache='writeback'",
        "cache='unsafe', warning, driver cache='unsafe'",
        "cache='writethrough', warning, driver cache='writethrough'",
    })
    void cacheModesOtherThanDirectAreReported(String attribute, String severity, String evidence) {
        List<Finding> findings = check(new CacheModeRule(), attribute + " io='threads'");
        assertEquals(List.of("disk.cache " + severity + " vm/vda"), FindingLines.of(findings));
        assertEquals(evidence, findings.get(0).evidence());
    }

    @ParameterizedTest(name = "cache={0}")
    @CsvSource({"none", "directsync"})
    void directCacheModesAreNotReported(String cache) {
        assertEquals(List.of(), check(new CacheModeRule(), "cache='" + cache + "'"));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "cache='writeback' io='native', error, driver io='native' cache='writeback'",
        "io='native', error, driver io='native' cache='default'",
        "cache='none' io='threads', warning, driver io='threads'",
        "cache='none', warning, no io attribute: QEMU uses its thread pool",
        "cache='directsync' io='threads', warning, driver io='threads'",
    })
    void ioModesThatAreWrongOrSlowAreReported(String attributes, String severity, String evidence) {
        List<Finding> findings = check(new IoModeRule(), attributes);
        assertEquals(List.of("disk.io-mode " + severity + " vm/vda"), FindingLines.of(findings));
        assertEquals(evidence, findings.get(0).evidence());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "cache='none' io='native'",
        "cache='directsync' io='native'",
        "cache='writeback' io='threads'",
        "cache='writeback'",
        // db03-root is a thin LV, and hv01 runs Linux 6.1, QEMU 7.2 and libvirt 9.0: io_uring may stay.
        "cache='none' io='io_uring'",
        "cache='writeback' io='io_uring'",
    })
    void ioModesThatFitTheCacheModeAreNotReported(String attributes) {
        assertEquals(List.of(), check(new IoModeRule(), attributes));
    }

    @Test
    void nativeIoWithWritebackSaysToUseThreads() {
        assertEquals(
                "io=native needs cache=none or directsync; with cache=writeback use io=threads",
                check(new IoModeRule(), "cache='writeback' io='native'").get(0).fix());
    }

    @Test
    void ioUringOnAThickLvIsReportedSinceItHungGuestsThere() {
        String thick = "Proxmox turned io_uring off on thick LVM after guests hung there (its bug 4525)";
        List<Finding> direct = new IoModeRule()
                .check(host("", blockDisk("vda", "virtio", LV_READ_AHEAD_AUTO, "cache='none' io='io_uring'")));
        List<Finding> writeback = new IoModeRule()
                .check(host("", blockDisk("vda", "virtio", LV_READ_AHEAD_AUTO, "cache='writeback' io='io_uring'")));

        assertEquals(thick + ": use io=native with cache=none", direct.get(0).fix());
        assertEquals(
                thick + ": use io=threads with cache=writeback",
                writeback.get(0).fix());
        assertEquals("driver io='io_uring'", direct.get(0).evidence());
    }

    @Test
    void discardIsReportedUnlessUnmap() {
        assertEquals(
                List.of("driver discard='ignore'"),
                check(new DiscardRule(), "discard='ignore'").stream()
                        .map(Finding::evidence)
                        .toList());
        assertEquals(
                List.of("no discard attribute: QEMU ignores the guest's discards"),
                check(new DiscardRule(), "").stream().map(Finding::evidence).toList());
        assertEquals(List.of("disk.discard info vm/vda"), FindingLines.of(check(new DiscardRule(), "")));
        assertEquals(List.of(), check(new DiscardRule(), "discard='unmap'"));
    }

    @Test
    void aDiskWithoutItsOwnIothreadIsReportedWithTheDomainsCount() {
        List<Finding> findings = new IoThreadRule()
                .check(host("<iothreads>2</iothreads>", blockDisk("vda", "virtio", LV_READ_AHEAD_OFF, "")));
        assertEquals(List.of("disk.iothread warning vm/vda"), FindingLines.of(findings));
        assertEquals(
                "driver has no iothread attribute; the domain defines 2 IOThread(s)",
                findings.get(0).evidence());
        assertEquals(List.of(), check(new IoThreadRule(), "iothread='1'"));
    }

    @Test
    void anEmulatedBusIsReportedWithTheFixForTheGuestsOs() {
        List<Finding> linux = new BusRule().check(host("", blockDisk("sda", "sata", LV_READ_AHEAD_OFF, "")));
        assertEquals(List.of("disk.bus warning vm/sda"), FindingLines.of(linux));
        assertEquals("target dev='sda' bus='sata'", linux.get(0).evidence());
        assertEquals(
                "move it to virtio-blk (the plan renames the target to vdX and drops the old address)",
                linux.get(0).fix());
        List<Finding> windows = new BusRule()
                .check(host(
                        "<features><hyperv><relaxed state='on'/></hyperv></features>",
                        blockDisk("hda", "ide", LV_READ_AHEAD_OFF, "")));
        assertEquals(List.of("disk.bus warning vm/hda"), FindingLines.of(windows));
        assertEquals(
                "move it to virtio-blk once the guest's VirtIO storage driver (viostor) is bound;"
                        + " the plan stages this with a temporary virtio disk for one boot",
                windows.get(0).fix());
    }

    @Test
    void aDiskWhoseWwnNamesItInTheGuestIsToldItKeepsItsBus() {
        String disk = blockDisk("sda", "scsi", LV_READ_AHEAD_OFF, "")
                .replace("</disk>", "<wwn>5000c50015ea71ac</wwn></disk>");
        List<Finding> findings = new BusRule().check(host("", disk));

        assertEquals(List.of("disk.bus info vm/sda"), FindingLines.of(findings));
        assertEquals(
                "keep the bus: <wwn> gives the guest its /dev/disk/by-id names (multipath, ASM and fstab may"
                        + " use them), and libvirt's QEMU driver refuses them on virtio (\"Only ide and scsi disk support wwn\";"
                        + " vendor and product only scsi); the plan applies the rest of the recipe",
                findings.get(0).fix());
    }

    @Test
    void aDiskThatKeepsItsBusForGoodNeedsNoIothread() {
        String disk = blockDisk("sda", "scsi", LV_READ_AHEAD_OFF, "")
                .replace("</disk>", "<wwn>5000c50015ea71ac</wwn></disk>");
        assertEquals(
                List.of(), new IoThreadRule().check(host("", disk)), "the plan gives IOThreads only to virtio disks");
        assertEquals(
                List.of("disk.iothread warning vm/sda"),
                FindingLines.of(new IoThreadRule().check(host("", blockDisk("sda", "sata", LV_READ_AHEAD_OFF, "")))),
                "a disk that moves to virtio gets one");
    }

    @Test
    void readAheadIsReportedOnAnLvWhereItIsNotOff() {
        List<Finding> findings =
                new LvReadAheadRule().check(host("", blockDisk("vda", "virtio", LV_READ_AHEAD_AUTO, TUNED)));
        // Under cache=none (TUNED) the host's read-ahead never acts: O_DIRECT bypasses the page cache.
        assertEquals(List.of("lv.read-ahead info vm/vda"), FindingLines.of(findings));
        assertEquals(
                "vg_guests/db01-disk0 lv_read_ahead=auto, disk cache=none",
                findings.get(0).evidence());
        assertEquals("lvchange -r 0 vg_guests/db01-disk0", findings.get(0).fix());
        assertEquals(List.of(), new LvReadAheadRule().check(host("", blockDisk("vda", "virtio", "/dev/sdz", TUNED))));
    }

    @Test
    void disksLeftAloneGetNoTuningFindings() {
        String cdrom = "<disk type='file' device='cdrom'><target dev='sdb' bus='sata'/><readonly/></disk>";
        HostFacts facts = host("", cdrom);
        for (DiskRule rule :
                List.of(new BusRule(), new IoThreadRule(), new CacheModeRule(), new IoModeRule(), new DiscardRule())) {
            assertEquals(List.of(), rule.check(facts), rule.getClass().getSimpleName());
        }
    }
}
