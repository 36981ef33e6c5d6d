package io.virttune.recipe;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.virttune.xml.DiskView;
import io.virttune.xml.DomainXml;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Which disks the recipe moves, retunes or leaves alone, and the reason given for each skip. */
class DiskClassifierTest {
    private static DiskVerdict classify(String disk) {
        DiskView view = DomainXml.parse(
                        "<domain type='kvm'><name>vm</name><devices>" + disk + "</devices></domain>", "test")
                .disks()
                .get(0);
        return DiskClassifier.classify(view);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "skip.cdrom|<disk type='file' device='cdrom'><source file='/iso/x.iso'/><target dev='sdc'/><readonly/></disk>",
                "skip.floppy|<disk type='file' device='floppy'><source file='/f.vfd'/><target dev='fda'/></disk>",
                "skip.lun|<disk type='block' device='lun'><source dev='/dev/sdb'/><target dev='sda' bus='scsi'/></disk>",
                "skip.shareable|<disk type='block' device='disk'><source dev='/dev/sdb'/><target dev='vdb'/><shareable/></disk>",
                "skip.readonly|<disk type='file' device='disk'><source file='/i/a.qcow2'/><target dev='vdb'/><readonly/></disk>",
                "skip.transient|<disk type='file' device='disk'><source file='/i/a.qcow2'/><target dev='vdb'/><transient/></disk>",
                "skip.encrypted|<disk type='file' device='disk'><driver type='qcow2'/><source file='/i/a.qcow2'>"
                        + "<encryption format='luks'><secret type='passphrase' uuid='0a81f5b2-8403-7b23-c8d6-21ccc2f80d6f'/>"
                        + "</encryption></source><target dev='vda'/></disk>",
                "skip.network|<disk type='network' device='disk'><source protocol='iscsi' name='iqn.x/1'/><target dev='vdb'/></disk>",
                "skip.volume|<disk type='volume' device='disk'><source pool='p' volume='v'/><target dev='vdb'/></disk>",
                "skip.format|<disk type='file' device='disk'><driver type='vmdk'/><source file='/i/a.vmdk'/><target dev='vdb'/></disk>",
                "skip.type|<disk type='dir' device='disk'><source dir='/srv/share'/><target dev='hdb'/></disk>",
                "skip.no-source|<disk type='file' device='disk'><driver type='qcow2'/><target dev='vdb'/></disk>",
                "skip.fd-passed|<disk type='file' device='disk'><driver type='qcow2'/><source file='/i/a.qcow2' fdgroup='g1'/>"
                        + "<target dev='vdb'/></disk>",
            })
    void disksTheRecipeLeavesAloneCarryTheirReason(String reasonId, String disk) {
        DiskVerdict verdict = classify(disk);
        assertEquals(DiskRole.LEAVE_ALONE, verdict.role());
        assertEquals(Optional.of(reasonId), verdict.reasonId());
        assertEquals(true, verdict.reason().filter(reason -> !reason.isBlank()).isPresent());
    }

    @Test
    void aSharedNetworkDiskIsSkippedAsShareableBeforeItsType() {
        assertEquals(
                Optional.of("skip.shareable"),
                classify(
                                "<disk type='network' device='disk'><source protocol='rbd' name='p/i'/><target dev='vdb'/><shareable/></disk>")
                        .reasonId());
    }

    @Test
    void reasonsNameWhatWasFound() {
        assertEquals(
                Optional.of("network disk (iscsi): its storage is another system's to tune"),
                classify(
                                "<disk type='network' device='disk'><source protocol='iscsi' name='iqn.x/1'/><target dev='vdb'/></disk>")
                        .reason());
        assertEquals(
                Optional.of("image format 'vmdk' is not qcow2 or raw; convert it by hand first"),
                classify(
                                "<disk type='file' device='disk'><driver type='vmdk'/><source file='/i/a.vmdk'/><target dev='vdb'/></disk>")
                        .reason());
    }

    @Test
    void imageFilesMoveAndBlockDevicesAreRetuned() {
        assertEquals(
                DiskVerdict.moveData(),
                classify(
                        "<disk type='file' device='disk'><driver type='qcow2'/><source file='/i/a.qcow2'/><target dev='sda'/></disk>"));
        assertEquals(
                DiskVerdict.moveData(),
                classify("<disk type='file' device='disk'><source file='/i/a.img'/><target dev='sda'/></disk>"));
        assertEquals(
                DiskVerdict.retune(),
                classify("<disk type='block' device='disk'><source dev='/dev/vg/lv'/><target dev='vda'/></disk>"));
    }
}
