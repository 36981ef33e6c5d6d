package io.virttune;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.host.HostProbe;
import io.virttune.host.HostSettings;
import io.virttune.host.HugepagePool;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.jdom2.Document;
import org.jdom2.Element;
import org.jdom2.Namespace;
import org.jdom2.input.SAXBuilder;
import org.jdom2.input.sax.XMLReaders;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Keeps the bundled demo host examples/hv01 consistent: its domains, volumes and host files. */
class ExampleHostTest {
    private static final Path HV01 = Path.of("examples/hv01");
    private static final Namespace TEST_NS =
            Namespace.getNamespace("test", "http://libvirt.org/schemas/domain/test/1.0");
    private static final int RUNNING = 1;
    private static final Set<String> LVM_PATHS = Set.of(
            "/dev/vg_guests/db01-disk0",
            "/dev/vg_guests/db02-root",
            "/dev/vg_guests/db02-data",
            "/dev/vg_fast/db03-root");

    private static List<Element> domains;
    private static Map<String, Element> volumesByPath;

    @BeforeAll
    static void loadNode() throws Exception {
        SAXBuilder builder = new SAXBuilder(XMLReaders.NONVALIDATING);
        builder.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        builder.setExpandEntities(false);
        Document node = builder.build(HV01.resolve("node.xml").toFile());
        domains = node.getRootElement().getChildren("domain");
        volumesByPath = node.getRootElement().getChildren("pool").stream()
                .flatMap(pool -> pool.getChildren("volume").stream())
                .collect(Collectors.toMap(
                        volume -> volume.getChild("target").getChildText("path"), Function.identity()));
    }

    @Test
    void hasAtLeastFourteenUniquelyNamedDomains() {
        List<String> names =
                domains.stream().map(domain -> domain.getChildText("name")).toList();
        assertTrue(names.size() >= 14, names.toString());
        assertEquals(names.size(), Set.copyOf(names).size(), "duplicate names in " + names);
        assertTrue(names.contains("customer vm 'ü-01' \"prod\""), names.toString());
    }

    @Test
    void everyFileImageIsAVolumeWithTheFormatTheDomainUses() {
        List<Element> fileDisks = disks().stream()
                .filter(disk -> "file".equals(disk.getAttributeValue("type")))
                .filter(disk -> disk.getChild("source") != null)
                .toList();
        assertTrue(fileDisks.size() >= 15, "file disks: " + fileDisks.size());
        for (Element disk : fileDisks) {
            String path = disk.getChild("source").getAttributeValue("file");
            Element volume = volumesByPath.get(path);
            assertTrue(volume != null, "no volume for " + path);
            String format = volume.getChild("target").getChild("format").getAttributeValue("type");
            if ("disk".equals(disk.getAttributeValue("device"))) {
                assertEquals(disk.getChild("driver").getAttributeValue("type"), format, path);
            }
        }
    }

    @Test
    void theLvmVolumesAreExactlyTheRecordedOnes() {
        Set<String> lvmSources = disks().stream()
                .filter(disk -> "block".equals(disk.getAttributeValue("type")))
                .map(disk -> disk.getChild("source").getAttributeValue("dev"))
                .filter(dev -> dev.startsWith("/dev/vg_"))
                .collect(Collectors.toSet());
        assertEquals(LVM_PATHS, lvmSources);
        Set<String> lvmVolumes = volumesByPath.keySet().stream()
                .filter(path -> path.startsWith("/dev/"))
                .collect(Collectors.toSet());
        assertEquals(LVM_PATHS, lvmVolumes);
    }

    @Test
    void theLinkedCloneBacksOntoAVolumeOfThePool() {
        Element web02 = volumesByPath.get("/var/lib/libvirt/images/web02.qcow2");
        String backing = web02.getChild("backingStore").getChildText("path");
        assertEquals("/var/lib/libvirt/images/debian12-base.qcow2", backing);
        assertTrue(volumesByPath.containsKey(backing));
    }

    @Test
    void theRunningDomainsAreTheOnesTheDemoExpects() {
        Set<String> running = domains.stream()
                .filter(domain -> runstate(domain) == RUNNING)
                .map(domain -> domain.getChildText("name"))
                .collect(Collectors.toSet());
        assertEquals(Set.of("win2016-rds", "db01", "db02", "db03", "mail01", "backup01"), running);
    }

    @Test
    void theHostHoldsExactlyTheHugepagesOfItsRunningHugepageGuests() {
        long guestKiB = domains.stream()
                .filter(domain -> runstate(domain) == RUNNING)
                .filter(domain -> domain.getChild("memoryBacking") != null)
                .mapToLong(domain -> Long.parseLong(domain.getChildText("memory")))
                .sum();
        HostSettings host = new HostProbe(HV01.resolve("host")).probe();
        HugepagePool pool = host.hugepagePool(2048).orElseThrow();
        assertEquals(12L * 1024 * 1024, guestKiB, "db02 (8 GiB) and db03 (4 GiB)");
        assertEquals(guestKiB, pool.totalKiB() - pool.availableKiB());
        long freeOnNodes = host.hugepagePools().stream()
                .filter(node -> !node.isSystemWide() && node.pageSizeKiB() == 2048)
                .mapToLong(HugepagePool::free)
                .sum();
        assertEquals(pool.free(), freeOnNodes);
    }

    @Test
    void theHostHasTheDisksTheDemoFindingsNeed() {
        HostSettings host = new HostProbe(HV01.resolve("host")).probe();
        assertEquals(List.of(), host.kernelCommandLine().values("hugepages"));
        assertEquals("none", activeScheduler(host, "nvme0n1"));
        assertEquals("bfq", activeScheduler(host, "nvme1n1"));
        assertTrue(host.blockDevice("nvme1n1").orElseThrow().isSsd());
        assertEquals(Optional.of(true), host.blockDevice("sda").orElseThrow().rotational());
    }

    private static String activeScheduler(HostSettings host, String device) {
        return host.blockDevice(device).orElseThrow().scheduler().orElseThrow().active();
    }

    private static List<Element> disks() {
        return domains.stream()
                .flatMap(domain -> domain.getChild("devices").getChildren("disk").stream())
                .toList();
    }

    private static int runstate(Element domain) {
        return Integer.parseInt(domain.getChildText("runstate", TEST_NS));
    }
}
