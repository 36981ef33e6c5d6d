package io.virttune.xml;

import org.junit.jupiter.api.Test;

class DomainEditGoldenTest {
    @Test
    void migratingASataQcow2DiskToVirtioOnLvm() {
        DomainXml domain = Fixtures.domain("windows-sata.xml");
        DiskView disk = domain.disks().get(0);

        disk.setBlockSource("/dev/vg0/win-db1");
        disk.setDriverFormat("raw");
        disk.setCache("none");
        disk.setIo("native");
        disk.setDiscard("unmap");
        disk.setIothread(1);
        disk.setTarget("vda", "virtio");
        disk.removeAddress();
        domain.iothreads().setCount(1);
        domain.memoryBacking().enableHugepages();

        Fixtures.assertGolden("windows-sata.migrated.xml", domain);
    }

    @Test
    void creatingDriverIothreadsAndMemoryBackingWhereNoneExist() {
        DomainXml domain = Fixtures.domain("bare-linux.xml");
        DiskView disk = domain.disks().get(0);

        disk.setCache("none");
        disk.setDetectZeroes("unmap");
        domain.iothreads().setCount(2);
        domain.memoryBacking().enableHugepages();

        Fixtures.assertGolden("bare-linux.tuned.xml", domain);
    }

    @Test
    void removingAttributesAndGrowingIothreadIds() {
        DomainXml domain = Fixtures.domain("linux-virtio.xml");
        DiskView disk = domain.disks().get(0);

        disk.setCache(null);
        disk.setIo(null);
        disk.setDiscard(null);
        disk.setDetectZeroes(null);
        disk.setIothread(null);
        disk.setTarget("vdq", null);
        domain.iothreads().setCount(5);

        Fixtures.assertGolden("linux-virtio.edited.xml", domain);
    }

    @Test
    void blockSourceReplacesANetworkLocationButKeepsTheRest() {
        DomainXml domain = Fixtures.domain("linux-virtio.xml");

        domain.disks().get(1).setBlockSource("/dev/vg0/image");

        Fixtures.assertGolden("linux-virtio.network-to-block.xml", domain);
    }
}
