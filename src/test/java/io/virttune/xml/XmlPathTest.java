package io.virttune.xml;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.jdom2.Document;
import org.jdom2.Element;
import org.junit.jupiter.api.Test;

class XmlPathTest {
    @Test
    void findsTheFirstOfEachNameInNoNamespace() {
        Element domain = SafeXml.parse(
                        "<domain xmlns:v='urn:v'><v:os><type/></v:os><os><type arch='a'/></os><os/></domain>", "test")
                .getRootElement();

        Optional<Element> type = XmlPath.of("os/type").find(domain);

        assertEquals(Optional.of("a"), type.map(found -> found.getAttributeValue("arch")));
        assertTrue(XmlPath.of("os").exists(domain));
        assertEquals(Optional.empty(), XmlPath.of("os/loader").find(domain));
        assertEquals(List.of(), XmlPath.of("devices/disk").findAll(domain));
    }

    @Test
    void namesAreElementsOnly() {
        assertThrows(IllegalArgumentException.class, () -> XmlPath.of("a//b"));
        assertThrows(IllegalArgumentException.class, () -> XmlPath.of("a/@b"));
        assertThrows(IllegalArgumentException.class, () -> XmlPath.of("").add(new Element("a")));
        assertThrows(IllegalArgumentException.class, () -> XmlPath.of("").removeAll(new Element("a")));
    }

    @Test
    void aPathFindsAllOfItsLastNameAndAddsAfterTheLast() {
        Document document = parse("<domain>\n  <iothreadids>\n    <iothread id='1'/>\n"
                + "    <iothread id='3'/>\n  </iothreadids>\n</domain>");
        Element domain = document.getRootElement();
        XmlPath threads = XmlPath.of("iothreadids/iothread");

        XmlProperty.integer("@id").set(threads.add(domain), 2);

        assertEquals(
                List.of("1", "3", "2"),
                threads.findAll(domain).stream()
                        .map(thread -> thread.getAttributeValue("id"))
                        .toList());
        assertTrue(
                XmlText.write(document).contains("<iothread id=\"3\"/>\n    <iothread id=\"2\"/>\n  </iothreadids>"));
    }

    @Test
    void removingAllPrunesTheParentsLeftEmpty() {
        Document document = parse("<domain>\n  <devices>\n    <disk>\n      <source file='/a'>\n"
                + "        <dataStore type='file'/>\n      </source>\n      <address type='pci'/>\n"
                + "      <address type='drive'/>\n    </disk>\n  </devices>\n</domain>");
        Element disk = firstDisk(document);

        List<Element> addresses = XmlPath.of("address").removeAll(disk);
        XmlPath.of("source/dataStore").removeAll(disk);

        assertEquals(2, addresses.size());
        assertEquals(
                "<domain>\n  <devices>\n    <disk>\n      <source file=\"/a\"/>\n    </disk>\n  </devices>\n"
                        + "</domain>\n",
                XmlText.write(document));
        assertEquals(List.of(), XmlPath.of("nothing/here").removeAll(disk));
    }

    private static Document parse(String xml) {
        return SafeXml.parse(xml, "test");
    }

    private static Element firstDisk(Document document) {
        return document.getRootElement().getChild("devices").getChild("disk");
    }
}
