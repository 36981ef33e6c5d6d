package io.virttune.xml;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class XmlEquivalenceTest {
    @Test
    void indentationQuoteStyleAndAttributeOrderDoNotCount() {
        assertEquals(
                List.of(),
                differences(
                        "<domain type='kvm' id='1'>\n  <name>a</name>\n</domain>",
                        "<domain id=\"1\" type=\"kvm\"><name> a </name></domain>"));
    }

    @Test
    void namespacePrefixesDoNotCountButNamespacesDo() {
        assertEquals(List.of(), differences("<d xmlns:a='urn:x'><a:e/></d>", "<d xmlns:b='urn:x'><b:e/></d>"));
        assertEquals(
                List.of("/d: children [{urn:x}e] vs [{urn:y}e]"),
                differences("<d xmlns:a='urn:x'><a:e/></d>", "<d xmlns:a='urn:y'><a:e/></d>"));
    }

    @Test
    void locationsSpellForeignElementsWithTheirPrefix() {
        assertEquals(
                List.of("/domain/qemu:commandline/qemu:arg/@value: '-s' vs '-S'"),
                differences(
                        "<domain xmlns:qemu='urn:q'><qemu:commandline><qemu:arg value='-s'/></qemu:commandline>"
                                + "</domain>",
                        "<domain xmlns:qemu='urn:q'><qemu:commandline><qemu:arg value='-S'/></qemu:commandline>"
                                + "</domain>"));
    }

    @Test
    void reportsAttributeChangesWithTheirLocation() {
        assertEquals(
                List.of(
                        "/domain/devices/disk[2]/driver/@cache: 'none' vs 'writeback'",
                        "/domain/devices/disk[2]/driver/@io: only in the first document ('native')",
                        "/domain/devices/disk[2]/driver/@iothread: only in the second document ('1')"),
                differences(
                        "<domain><devices><disk/><disk><driver cache='none' io='native'/></disk></devices>"
                                + "</domain>",
                        "<domain><devices><disk/><disk><driver cache='writeback' iothread='1'/></disk>"
                                + "</devices></domain>"));
    }

    @Test
    void reportsTextCommentAndChildListChanges() {
        assertEquals(
                List.of("/domain/name/text(): 'a' vs 'b'"),
                differences("<domain><name>a</name></domain>", "<domain><name>b</name></domain>"));
        assertEquals(
                List.of("/domain/comment(): ' x ' vs ' y '"),
                differences("<domain><!-- x --></domain>", "<domain><!-- y --></domain>"));
        assertEquals(
                List.of("/domain: children [name, vcpu] vs [name, iothreads, vcpu]"),
                differences("<domain><name/><vcpu/></domain>", "<domain><name/><iothreads/><vcpu/></domain>"));
    }

    @Test
    void reportsADifferentRoot() {
        assertEquals(List.of("/: children [domain] vs [network]"), differences("<domain/>", "<network/>"));
    }

    private static List<String> differences(String first, String second) {
        return XmlEquivalence.differences(SafeXml.parse(first, "first"), SafeXml.parse(second, "second"));
    }
}
