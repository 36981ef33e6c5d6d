package io.virttune.xml;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.jdom2.Document;
import org.jdom2.Element;
import org.junit.jupiter.api.Test;

class XmlPropertyTest {
    private static final XmlProperty<String> CACHE = XmlProperty.string("driver/@cache");
    private static final XmlProperty<Integer> IOTHREAD = XmlProperty.integer("driver/@iothread");
    private static final XmlProperty<String> DEVICE = XmlProperty.string("@device");
    private static final XmlProperty<String> SERIAL = XmlProperty.string("serial");

    @Test
    void readsAttributesOfChildrenAndOfTheBaseAndTrimmedText() {
        Element disk = disk("<disk device='cdrom'><driver cache='none' iothread=' 2'/><serial> S1 </serial></disk>");

        assertEquals(Optional.of("none"), CACHE.get(disk));
        assertEquals(Optional.of(2), IOTHREAD.get(disk));
        assertEquals(Optional.of("cdrom"), DEVICE.get(disk));
        assertEquals(Optional.of("S1"), SERIAL.get(disk));
        assertTrue(CACHE.isPresent(disk));
    }

    @Test
    void aMissingElementOrAttributeIsEmpty() {
        Element disk = disk("<disk><driver name='qemu'/></disk>");

        assertEquals(Optional.empty(), CACHE.get(disk));
        assertFalse(CACHE.isPresent(disk));
        assertEquals(Optional.empty(), XmlProperty.string("source/@file").get(disk));
        assertEquals(Optional.empty(), SERIAL.get(disk));
    }

    @Test
    void anAbsentValueCanReadAsAText() {
        Element thread = new Element("iothread");

        assertEquals(Optional.of(""), XmlProperty.string("@id").absentAs("").get(thread));
        assertFalse(XmlProperty.string("@id").absentAs("").isPresent(thread));
    }

    @Test
    void aTextThatIsNoNumberIsRefusedByItsPathAndWhoseItIs() {
        Element disk = disk("<disk><driver iothread='two'/></disk>");

        XmlRejectedException refused =
                assertThrows(XmlRejectedException.class, () -> IOTHREAD.get(disk, "domain t", "disk vda"));
        assertEquals("domain t: disk vda driver iothread is 'two', not a whole number", refused.getMessage());
        XmlRejectedException unnamed = assertThrows(
                XmlRejectedException.class, () -> XmlProperty.integer("@id").get(disk("<disk id='x'/>"), "d", ""));
        assertEquals("d: id is 'x', not a whole number", unnamed.getMessage());
    }

    @Test
    void settingCreatesMissingElementsWhereLibvirtWritesThem() {
        Document document = parse("<domain>\n  <devices>\n    <disk>\n      <source file='/a'/>\n"
                + "      <target dev='vda'/>\n    </disk>\n  </devices>\n</domain>");
        Element disk = firstDisk(document);

        CACHE.set(disk, "none");
        XmlProperty.string("boot/@order").set(disk, "1");

        assertEquals(
                "<domain>\n  <devices>\n    <disk>\n      <driver cache=\"none\"/>\n      <source file=\"/a\"/>\n"
                        + "      <target dev=\"vda\"/>\n      <boot order=\"1\"/>\n    </disk>\n  </devices>\n"
                        + "</domain>\n",
                XmlText.write(document));
    }

    @Test
    void settingCreatesDeeperPathsAndElementsOfUnorderedParentsFirst() {
        Document document = parse("<domain>\n  <devices>\n    <disk>\n      <driver>\n        <x/>\n"
                + "      </driver>\n    </disk>\n  </devices>\n</domain>");
        Element disk = firstDisk(document);

        XmlProperty.integer("driver/iothreads/iothread/@id").set(disk, 4);

        assertEquals(
                "<domain>\n  <devices>\n    <disk>\n      <driver>\n        <iothreads>\n"
                        + "          <iothread id=\"4\"/>\n        </iothreads>\n        <x/>\n      </driver>\n"
                        + "    </disk>\n  </devices>\n</domain>\n",
                XmlText.write(document));
        assertEquals(
                Optional.of(4),
                XmlProperty.integer("driver/iothreads/iothread/@id").get(disk));
    }

    @Test
    void aCreatedElementIsInitialisedOnceAndAnExistingOneNever() {
        XmlProperty<String> cache = CACHE.whenCreated(driver -> driver.setAttribute("name", "qemu"));
        Element bare = disk("<disk><target dev='vda'/></disk>");
        Element tuned = disk("<disk><driver type='raw'/></disk>");

        cache.set(bare, "none");
        cache.set(tuned, "none");

        assertEquals(List.of("name", "cache"), attributeNames(bare.getChild("driver")));
        assertEquals(List.of("type", "cache"), attributeNames(tuned.getChild("driver")));
    }

    @Test
    void settingTextAndTheBasesAttributeWritesInPlace() {
        Element disk = disk("<disk device='disk'><serial>old</serial></disk>");

        SERIAL.set(disk, "new");
        DEVICE.set(disk, "lun");

        assertEquals("<disk device=\"lun\"><serial>new</serial></disk>", write(disk));
    }

    @Test
    void removingPrunesTheParentsItLeavesEmptyButNotTheBase() {
        Document document = parse("<domain>\n  <devices>\n    <disk>\n      <driver cache='none'/>\n"
                + "      <source file='/a'/>\n    </disk>\n  </devices>\n</domain>");
        Element disk = firstDisk(document);
        Element lone = disk("<disk><geometry trans='lba'/></disk>");

        CACHE.set(disk, null);
        XmlProperty.string("geometry/@trans").remove(lone);

        assertEquals(
                "<domain>\n  <devices>\n    <disk>\n      <source file=\"/a\"/>\n    </disk>\n  </devices>\n"
                        + "</domain>\n",
                XmlText.write(document));
        assertEquals("<disk/>", write(lone));
    }

    @Test
    void removingKeepsAParentWithOtherContent() {
        Element disk = disk("<disk><driver name='qemu' cache='none'/><serial>S</serial></disk>");

        CACHE.remove(disk);
        SERIAL.remove(disk);

        assertEquals("<disk><driver name=\"qemu\"/></disk>", write(disk));
    }

    @Test
    void removingWhatIsMissingCreatesNothing() {
        Element disk = disk("<disk><target dev='vda'/></disk>");

        CACHE.remove(disk);
        XmlProperty.integer("a/b/@c").set(disk, null);

        assertEquals("<disk><target dev=\"vda\"/></disk>", write(disk));
    }

    @Test
    void elementsOfAnotherNamespaceAreNeitherReadNorTouched() {
        Element disk = disk("<disk xmlns:v='urn:vendor'><v:driver cache='v'/><v:serial>S</v:serial></disk>");

        assertEquals(Optional.empty(), CACHE.get(disk));
        CACHE.set(disk, "none");
        SERIAL.remove(disk);

        assertEquals(
                "<disk xmlns:v=\"urn:vendor\"><driver cache=\"none\"/><v:driver cache=\"v\"/>"
                        + "<v:serial>S</v:serial></disk>",
                write(disk));
    }

    @Test
    void editsLeaveCommentsNamespacesAndUnknownContentAsTheyWere() {
        String before = "<?xml version='1.0'?>\n<!-- kept -->\n<domain type='kvm' xmlns:qemu='urn:qemu'>\n"
                + "  <name>a</name>\n  <metadata>\n    <x:y xmlns:x='urn:x' x:z='1'><!-- inner --></x:y>\n"
                + "  </metadata>\n  <devices>\n    <disk type='file'>\n      <!-- the disk -->\n"
                + "      <driver name='qemu' type='qcow2' cache='none'/>\n      <source file='/a'/>\n"
                + "      <target dev='vda'/>\n    </disk>\n  </devices>\n"
                + "  <qemu:commandline>\n    <qemu:arg value='-x'/>\n  </qemu:commandline>\n</domain>\n";
        Document document = parse(before);
        Element disk = firstDisk(document);

        CACHE.set(disk, "writeback");
        CACHE.set(disk, "none");
        XmlProperty.string("target/@bus").set(disk, "virtio");
        XmlProperty.string("target/@bus").remove(disk);

        assertEquals(XmlText.write(parse(before)), XmlText.write(document));
        assertTrue(XmlText.write(document).contains("<!-- the disk -->\n      <driver"), XmlText.write(document));
    }

    @Test
    void pathsAreElementNamesWithAnAttributeLast() {
        assertThrows(IllegalArgumentException.class, () -> XmlProperty.string("driver/@"));
        assertThrows(IllegalArgumentException.class, () -> XmlProperty.string("driver@cache"));
        assertThrows(IllegalArgumentException.class, () -> XmlProperty.string("@a/b"));
        assertThrows(IllegalArgumentException.class, () -> XmlProperty.string("a//b"));
        assertThrows(IllegalArgumentException.class, () -> XmlProperty.string(""));
    }

    private static Document parse(String xml) {
        return SafeXml.parse(xml, "test");
    }

    private static Element disk(String xml) {
        return parse(xml).getRootElement();
    }

    private static Element firstDisk(Document document) {
        return document.getRootElement().getChild("devices").getChild("disk");
    }

    private static List<String> attributeNames(Element element) {
        return element.getAttributes().stream().map(a -> a.getName()).toList();
    }

    private static String write(Element element) {
        return XmlText.write(element.getDocument()).trim();
    }
}
