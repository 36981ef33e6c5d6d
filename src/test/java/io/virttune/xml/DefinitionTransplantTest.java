package io.virttune.xml;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class DefinitionTransplantTest {
    private static final String SECURE = """
      <domain type='kvm'>
        <name>web</name>
        <memory unit='KiB'>1048576</memory>
        <vcpu>2</vcpu>
        <devices>
          <disk type='file' device='disk'>
            <source file='/i/web.qcow2'/>
            <target dev='sda' bus='sata'/>
          </disk>
          <disk type='file' device='cdrom'>
            <target dev='sdb' bus='sata'/>
          </disk>
          <graphics type='vnc' port='-1' passwd='s3cret'/>
        </devices>
      </domain>
      """;

    private static final String PLANNED = """
      <domain type='kvm'>
        <name>web</name>
        <memory unit='KiB'>1048576</memory>
        <memoryBacking>
          <hugepages/>
        </memoryBacking>
        <vcpu>2</vcpu>
        <iothreads>1</iothreads>
        <devices>
          <disk type='block' device='disk'>
            <driver name='qemu' type='raw' cache='none' io='native' iothread='1'/>
            <source dev='/dev/vg/web-sda'/>
            <target dev='vda' bus='virtio'/>
          </disk>
          <disk type='file' device='cdrom'>
            <target dev='sdb' bus='sata'/>
          </disk>
          <disk type='block' device='disk'>
            <source dev='/dev/vg/web-virtio-stage'/>
            <target dev='vdb' bus='virtio'/>
          </disk>
          <graphics type='vnc' port='-1'/>
        </devices>
      </domain>
      """;

    @Test
    void takesDisksIothreadsAndMemoryBackingFromThePlanAndKeepsTheSecrets() {
        DomainXml result = DomainXml.parse(DefinitionTransplant.apply(SECURE, PLANNED, "web", Set.of()), "result");

        assertTrue(result.toXml().contains("passwd=\"s3cret\""), result.toXml());
        assertEquals(
                List.of("vda", "sdb", "vdb"),
                result.disks().stream().map(DiskView::targetDev).toList());
        assertEquals("/dev/vg/web-sda", result.disks().get(0).sourcePath().orElseThrow());
        assertEquals(1, result.iothreads().count());
        assertTrue(result.memoryBacking().hasHugepages());
    }

    @Test
    void disksThePlanLeavesAloneKeepWhatOnlyTheSecureDefinitionShows() {
        String secureCdrom = SECURE.replace(
                "<target dev='sdb' bus='sata'/>",
                "<source file='/iso/x.iso'><cookies><cookie name='token'>s3cret</cookie></cookies></source><target dev='sdb' bus='sata'/>");
        DomainXml result =
                DomainXml.parse(DefinitionTransplant.apply(secureCdrom, PLANNED, "web", Set.of("sdb")), "result");

        assertTrue(result.toXml().contains("<cookie name=\"token\">s3cret</cookie>"), result.toXml());
        assertEquals("/dev/vg/web-sda", result.disks().get(0).sourcePath().orElseThrow());
    }

    @Test
    void partsThePlanRemovedGoAndTheResultMatchesThePlanOutsideSecrets() {
        String withoutSecret = SECURE.replace(" passwd='s3cret'", "");
        String back = DefinitionTransplant.apply(PLANNED, withoutSecret, "web", Set.of());

        assertEquals(
                List.of(),
                XmlEquivalence.differences(SafeXml.parse(back, "back"), SafeXml.parse(withoutSecret, "expected")));
    }
}
