package io.virttune.inspect.rules;

import static io.virttune.inspect.TestHost.GIB;
import static io.virttune.inspect.TestHost.domainXml;
import static io.virttune.inspect.TestHost.fileDisk;
import static io.virttune.inspect.TestHost.qcow2;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.virttune.inspect.Finding;
import io.virttune.inspect.FindingLines;
import io.virttune.inspect.HostFacts;
import io.virttune.inspect.ImageFacts;
import io.virttune.inspect.TestHost;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** The rules about image files: format, internal snapshots, backing chains, unreadable images. */
class ImageRulesTest {
    private static final String TOP = "/img/vm.qcow2";

    private static HostFacts withImage(ImageFacts image) {
        return TestHost.hv01()
                .image(image)
                .domain("vm", domainXml("vm", 2, "", fileDisk("vda", "virtio", TOP, "")))
                .facts();
    }

    @Test
    void aQcow2FileIsReportedWithWhatQemuImgRead() {
        List<Finding> findings = new ImageFileRule().check(withImage(qcow2(TOP, List.of(), 0)));
        assertEquals(List.of("disk.qcow2-file warning vm/vda"), FindingLines.of(findings));
        assertEquals(
                "/img/vm.qcow2: qcow2, 40 GiB virtual, 7 GiB allocated (read from qemu-img)",
                findings.get(0).evidence());
        assertEquals(
                "move it to a raw LV: virt-tune plan --vg VG vm",
                findings.get(0).fix());
    }

    @Test
    void theFixCommandKeepsADomainNamedLikeAnOptionAnOperand() {
        HostFacts facts = TestHost.hv01()
                .image(qcow2(TOP, List.of(), 0))
                .domain("-vm 'x'", domainXml("-vm &apos;x&apos;", 2, "", fileDisk("vda", "virtio", TOP, "")))
                .facts();
        assertEquals(
                List.of("move it to a raw LV: virt-tune plan --vg VG -- '-vm '\\''x'\\'''"),
                new ImageFileRule().check(facts).stream().map(Finding::fix).toList());
    }

    @Test
    void aRawFileIsReportedAsSuch() {
        ImageFacts raw = new ImageFacts(TOP, "raw", 10 * GIB, GIB, List.of(), false, OptionalInt.of(0), "qemu-img");
        List<Finding> findings = new ImageFileRule().check(withImage(raw));
        assertEquals(List.of("disk.raw-file warning vm/vda"), FindingLines.of(findings));
        assertEquals(
                "/img/vm.qcow2: raw, 10 GiB virtual, 1 GiB allocated (read from qemu-img)",
                findings.get(0).evidence());
    }

    @Test
    void aPoolVolumeDescribesAnImageQemuImgCannotSee() {
        TestHost host = TestHost.hv01().domain("vm", domainXml("vm", 2, "", fileDisk("vda", "virtio", TOP, "")));
        host.libvirt()
                .volume(
                        TOP,
                        "<volume type='file'><name>vm.qcow2</name><target><path>" + TOP
                                + "</path><format type='qcow2'/></target>"
                                + "<backingStore><path>/img/base.qcow2</path><format type='qcow2'/></backingStore></volume>",
                        20 * GIB,
                        3 * GIB);
        HostFacts facts = host.facts();
        assertEquals(
                List.of("/img/vm.qcow2: qcow2, 20 GiB virtual, 3 GiB allocated (read from storage pool default)"),
                new ImageFileRule().check(facts).stream().map(Finding::evidence).toList());
        assertEquals(
                List.of("/img/vm.qcow2 <- /img/base.qcow2"),
                new BackingChainRule()
                        .check(facts).stream().map(Finding::evidence).toList());
        assertEquals(List.of(), new InternalSnapshotRule().check(facts), "a pool does not know about snapshots");
    }

    @Test
    void internalSnapshotsAreReportedOnlyWhenThereAreSome() {
        List<Finding> findings = new InternalSnapshotRule().check(withImage(qcow2(TOP, List.of(), 3)));
        assertEquals(List.of("disk.internal-snapshots warning vm/vda"), FindingLines.of(findings));
        assertEquals(
                "image holds 3 internal snapshot(s) that a raw LV cannot keep",
                findings.get(0).summary());
        assertEquals(
                "/img/vm.qcow2 (qemu-img snapshot -l lists them)",
                findings.get(0).evidence());
        assertEquals(List.of(), new InternalSnapshotRule().check(withImage(qcow2(TOP, List.of(), 0))));
    }

    @Test
    void aBackingChainIsShownTopFirst() {
        HostFacts facts = withImage(qcow2(TOP, List.of("/img/mid.qcow2", "/img/base.qcow2"), 0));
        List<Finding> findings = new BackingChainRule().check(facts);
        assertEquals(List.of("disk.backing-chain info vm/vda"), FindingLines.of(findings));
        assertEquals("image has a backing chain of 2 file(s)", findings.get(0).summary());
        assertEquals(
                "/img/vm.qcow2 <- /img/mid.qcow2 <- /img/base.qcow2",
                findings.get(0).evidence());
        assertEquals(List.of(), new BackingChainRule().check(withImage(qcow2(TOP, List.of(), 0))));
    }

    @Test
    void anImageNeitherQemuImgNorAPoolCanReadIsAnErrorAndNothingElse() {
        HostFacts facts = TestHost.hv01()
                .domain("vm", domainXml("vm", 2, "", fileDisk("vda", "sata", "/img/missing.qcow2", "")))
                .facts();
        List<Finding> findings = new DiskProblemRule().check(facts);
        assertEquals(List.of("disk.unreadable error vm/vda"), FindingLines.of(findings));
        assertEquals(
                "image /img/missing.qcow2 is not in any storage pool of fake:///hv-test and cannot be read"
                        + " from here",
                findings.get(0).evidence());
        assertEquals(List.of(), new BusRule().check(facts), "no tuning advice for a disk that cannot be read");
        assertEquals(List.of(), new DiskProblemRule().check(withImage(qcow2(TOP, List.of(), 0))));
    }
}
