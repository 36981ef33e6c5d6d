package io.virttune.xml;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class ResourceViewsTest {
    @Test
    void iothreadsCountAndIds() {
        IoThreadsView threads = Fixtures.domain("linux-virtio.xml").iothreads();

        assertEquals(3, threads.count());
        assertEquals(List.of(2, 5), threads.definedIds());
        assertEquals(List.of(1, 2, 5), threads.usableIds());
    }

    @Test
    void noIothreadsMeansZero() {
        IoThreadsView threads = Fixtures.domain("windows-sata.xml").iothreads();

        assertEquals(0, threads.count());
        assertEquals(List.of(), threads.definedIds());
        assertEquals(List.of(), threads.usableIds());
    }

    @Test
    void settingTheCountIsReadBack() {
        DomainXml domain = Fixtures.domain("windows-sata.xml");

        domain.iothreads().setCount(2);

        assertEquals(2, domain.iothreads().count());
        assertEquals(List.of(1, 2), domain.iothreads().usableIds());
        List<String> order = domain.document().getRootElement().getChildren().stream()
                .map(e -> e.getName())
                .toList();
        assertEquals(order.indexOf("vcpu") + 1, order.indexOf("iothreads"));
    }

    @Test
    void theCountCannotDropBelowTheDefinedIds() {
        IoThreadsView threads = Fixtures.domain("linux-virtio.xml").iothreads();

        assertThrows(IllegalArgumentException.class, () -> threads.setCount(1));
    }

    @Test
    void hugepagesWithExplicitSizes() {
        MemoryBackingView backing = Fixtures.domain("linux-virtio.xml").memoryBacking();

        assertTrue(backing.hasHugepages());
        assertEquals(List.of(2048L, 1024L * 1024), backing.hugepageSizesKiB());
    }

    @Test
    void enablingHugepagesIsReadBackAndIdempotent() {
        DomainXml domain = Fixtures.domain("windows-sata.xml");
        assertFalse(domain.memoryBacking().hasHugepages());

        domain.memoryBacking().enableHugepages();
        String once = domain.toXml();
        domain.memoryBacking().enableHugepages();

        assertTrue(domain.memoryBacking().hasHugepages());
        assertEquals(List.of(), domain.memoryBacking().hugepageSizesKiB());
        assertEquals(once, domain.toXml());
        List<String> order = domain.document().getRootElement().getChildren().stream()
                .map(e -> e.getName())
                .toList();
        assertEquals(order.indexOf("currentMemory") + 1, order.indexOf("memoryBacking"));
    }

    @Test
    void hugepagesJoinAnExistingMemoryBackingFirst() {
        DomainXml domain = DomainXml.parse(
                "<domain type='kvm'><name>m</name>\n  <memoryBacking>\n"
                        + "    <locked/>\n  </memoryBacking>\n</domain>",
                "domain m");

        domain.memoryBacking().enableHugepages();

        assertEquals(
                "<domain type=\"kvm\"><name>m</name>\n  <memoryBacking>\n    <hugepages/>\n"
                        + "    <locked/>\n  </memoryBacking>\n</domain>\n",
                domain.toXml());
    }
}
