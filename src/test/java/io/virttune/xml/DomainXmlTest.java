package io.virttune.xml;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class DomainXmlTest {
    @Test
    void readsIdentityMemoryAndVcpus() {
        DomainXml domain = Fixtures.domain("windows-sata.xml");

        assertEquals("win-db1", domain.name());
        assertEquals(Optional.of("c7a5fdbd-edaf-9455-926a-d65c16db1809"), domain.uuid());
        assertEquals("kvm", domain.type());
        assertEquals(OptionalLong.of(4L * 1024 * 1024), domain.memoryKiB());
        assertEquals(2, domain.vcpus());
        assertEquals(2, domain.disks().size());
    }

    @Test
    void unitlessMemoryIsKibAndVcpuDefaultsToOne() {
        DomainXml domain = Fixtures.domain("bare-linux.xml");

        assertEquals(OptionalLong.of(524288), domain.memoryKiB());
        assertEquals(1, domain.vcpus());
        assertEquals(Optional.empty(), domain.uuid());
    }

    @Test
    void memoryUnitsFollowLibvirt() {
        assertEquals(4, memoryKiB("4096", "b"));
        assertEquals(1, memoryKiB("1000", "bytes"));
        assertEquals(1000, memoryKiB("1024", "KB"));
        assertEquals(2048, memoryKiB("2048", "k"));
        assertEquals(1024, memoryKiB("1", "M"));
        assertEquals(1024, memoryKiB("1", "MiB"));
        assertEquals(977, memoryKiB("1", "MB"));
        assertEquals(2L * 1024 * 1024, memoryKiB("2", "G"));
        assertEquals(2L * 1024 * 1024, memoryKiB("2", "GiB"));
        assertEquals(1024L * 1024 * 1024, memoryKiB("1", "TiB"));
    }

    @Test
    void anUnknownMemoryUnitIsAClearRefusal() {
        XmlRejectedException refused = assertThrows(XmlRejectedException.class, () -> memoryKiB("1", "parsecs"));
        assertTrue(refused.getMessage().contains("unknown unit 'parsecs'"), refused.getMessage());
    }

    @Test
    void anUneditedDomainWritesBackAsParsed() {
        DomainXml domain = Fixtures.domain("bare-linux.xml");

        assertEquals(Fixtures.read("bare-linux.xml").replace('\'', '"'), domain.toXml());
        assertEquals(
                List.of(),
                XmlEquivalence.differences(SafeXml.parse(Fixtures.read("bare-linux.xml"), "x"), domain.document()));
    }

    @Test
    void anotherRootElementIsRefusedWithItsName() {
        XmlRejectedException refused = assertThrows(
                XmlRejectedException.class,
                () -> DomainXml.parse("<network><name>default</name></network>", "net.xml"));

        assertEquals("net.xml: expected a libvirt <domain> definition, found <network>", refused.getMessage());
    }

    private static long memoryKiB(String value, String unit) {
        return DomainXml.parse(
                        "<domain type='kvm'><name>m</name><memory unit='" + unit + "'>" + value + "</memory></domain>",
                        "domain m")
                .memoryKiB()
                .getAsLong();
    }
}
