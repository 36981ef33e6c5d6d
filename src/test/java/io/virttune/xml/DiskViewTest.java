package io.virttune.xml;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class DiskViewTest {
    private final List<DiskView> windows = Fixtures.domain("windows-sata.xml").disks();
    private final List<DiskView> linux = Fixtures.domain("linux-virtio.xml").disks();

    @Test
    void readsAQcow2FileDiskOnSata() {
        DiskView disk = windows.get(0);

        assertEquals("disk", disk.device());
        assertEquals("file", disk.type());
        assertEquals(Optional.of("/var/lib/libvirt/images/win-db1.qcow2"), disk.sourcePath());
        assertEquals(Optional.of("qemu"), disk.driverName());
        assertEquals(Optional.of("qcow2"), disk.format());
        assertEquals(Optional.of("ignore"), disk.discard());
        assertEquals(Optional.empty(), disk.cache());
        assertEquals(OptionalInt.empty(), disk.iothread());
        assertEquals("sda", disk.targetDev());
        assertEquals(Optional.of("sata"), disk.targetBus());
        assertTrue(disk.hasAddress());
        assertEquals(OptionalInt.of(1), disk.bootOrder());
        assertEquals(
                List.of("/var/lib/libvirt/images/base.qcow2", "/var/lib/libvirt/images/golden.raw"),
                disk.backingStores());
        assertFalse(disk.readonly() || disk.shareable() || disk.transientDisk() || disk.encrypted());
        assertEquals("disk", disk.element().getName());
    }

    @Test
    void readsAnEmptyCdrom() {
        DiskView cdrom = windows.get(1);

        assertEquals("cdrom", cdrom.device());
        assertEquals(Optional.empty(), cdrom.sourcePath());
        assertTrue(cdrom.readonly());
        assertEquals(List.of(), cdrom.backingStores());
    }

    @Test
    void readsATunedBlockDisk() {
        DiskView disk = linux.get(0);

        assertEquals("block", disk.type());
        assertEquals(Optional.of("/dev/HostVG/web1"), disk.sourcePath());
        assertEquals(Optional.of("raw"), disk.format());
        assertEquals(Optional.of("none"), disk.cache());
        assertEquals(Optional.of("native"), disk.io());
        assertEquals(Optional.of("unmap"), disk.discard());
        assertEquals(Optional.of("unmap"), disk.detectZeroes());
        assertEquals(OptionalInt.of(2), disk.iothread());
        assertFalse(disk.hasAddress());
        assertEquals(OptionalInt.empty(), disk.bootOrder());
    }

    @Test
    void readsNetworkVolumeDirAndLunDisks() {
        DiskView rbd = linux.get(1);
        assertEquals("network", rbd.type());
        assertEquals(Optional.of("rbd"), rbd.sourceProtocol());
        assertEquals(Optional.of("pool/image"), rbd.sourceName());
        assertEquals(Optional.empty(), rbd.sourcePath());
        assertEquals(Optional.empty(), rbd.targetBus());
        assertTrue(rbd.shareable());

        DiskView volume = linux.get(2);
        assertEquals(Optional.of("default"), volume.sourcePool());
        assertEquals(Optional.of("data.img"), volume.sourceVolume());
        assertTrue(volume.encrypted());
        assertTrue(volume.transientDisk());
        assertEquals(Optional.empty(), volume.driverName());

        DiskView floppy = linux.get(3);
        assertEquals("floppy", floppy.device());
        assertEquals(Optional.of("/srv/floppy"), floppy.sourcePath());

        DiskView lun = linux.get(4);
        assertEquals("lun", lun.device());
        assertEquals("file", lun.type());
    }

    @Test
    void encryptionDirectlyUnderTheDiskCounts() {
        DiskView disk = onlyDisk("<disk><source file='/a'/><target dev='vda'/>" + "<encryption format='qcow'/></disk>");

        assertTrue(disk.encrypted());
    }

    @Test
    void settersAreReadBack() {
        DiskView disk = windows.get(0);

        disk.setBlockSource("/dev/vg0/lv");
        disk.setDriverFormat("raw");
        disk.setCache("writeback");
        disk.setIo("threads");
        disk.setDiscard("unmap");
        disk.setDetectZeroes("on");
        disk.setIothread(3);
        disk.setTarget("vdb", "virtio");
        disk.removeAddress();

        assertEquals("block", disk.type());
        assertEquals(Optional.of("/dev/vg0/lv"), disk.sourcePath());
        assertEquals(Optional.of("raw"), disk.format());
        assertEquals(Optional.of("writeback"), disk.cache());
        assertEquals(Optional.of("threads"), disk.io());
        assertEquals(Optional.of("unmap"), disk.discard());
        assertEquals(Optional.of("on"), disk.detectZeroes());
        assertEquals(OptionalInt.of(3), disk.iothread());
        assertEquals("vdb", disk.targetDev());
        assertEquals(Optional.of("virtio"), disk.targetBus());
        assertFalse(disk.hasAddress());
        assertEquals(List.of(), disk.backingStores());
        assertEquals(OptionalInt.of(1), disk.bootOrder());
    }

    @Test
    void aDriverLeftWithoutAttributesIsPruned() {
        DomainXml domain = DomainXml.parse(
                "<domain type='kvm'><name>p</name><devices>\n"
                        + "    <disk type='file'>\n      <driver cache='none'/>\n      <source file='/a'/>\n"
                        + "      <target dev='vda'/>\n    </disk>\n</devices></domain>",
                "domain p");
        DiskView disk = domain.disks().get(0);

        disk.setCache(null);

        assertEquals(null, disk.element().getChild("driver"));
        assertTrue(domain.toXml().contains("<disk type=\"file\">\n      <source file=\"/a\"/>"), domain.toXml());
    }

    @Test
    void removingAMissingAttributeCreatesNothing() {
        DiskView disk = onlyDisk("<disk><source file='/a'/><target dev='vda'/></disk>");

        disk.setCache(null);
        disk.setIothread(null);

        assertEquals(null, disk.element().getChild("driver"));
    }

    @Test
    void aNewDriverIsTheFirstChildAndNamedQemu() {
        DiskView disk = onlyDisk("<disk><source file='/a'/><target dev='vda'/></disk>");

        disk.setIothread(1);

        assertEquals("driver", disk.element().getChildren().get(0).getName());
        assertEquals(Optional.of("qemu"), disk.driverName());
    }

    @Test
    void aMissingTargetIsAClearRefusal() {
        DiskView disk = onlyDisk("<disk><source file='/a'/></disk>");

        XmlRejectedException refused = assertThrows(XmlRejectedException.class, disk::targetDev);
        assertTrue(refused.getMessage().startsWith("domain t: "), refused.getMessage());
    }

    @Test
    void aNonNumericIothreadIsAClearRefusal() {
        DiskView disk = onlyDisk("<disk><driver iothread='two'/><target dev='vda'/></disk>");

        XmlRejectedException refused = assertThrows(XmlRejectedException.class, disk::iothread);
        assertTrue(refused.getMessage().contains("disk vda"), refused.getMessage());
    }

    @Test
    void aQueueIothreadWithoutAnIdIsAClearRefusal() {
        DiskView disk = onlyDisk("<disk><driver queues='2'><iothreads><iothread id='1'/><iothread/></iothreads>"
                + "</driver><target dev='vda'/></disk>");

        XmlRejectedException refused = assertThrows(XmlRejectedException.class, disk::queueIothreads);
        assertEquals("domain t: disk vda driver iothreads iothread id is '', not a whole number", refused.getMessage());
    }

    private static DiskView onlyDisk(String disk) {
        return DomainXml.parse("<domain type='kvm'><name>t</name><devices>" + disk + "</devices></domain>", "domain t")
                .disks()
                .get(0);
    }
}
