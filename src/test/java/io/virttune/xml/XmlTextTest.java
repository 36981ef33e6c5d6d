package io.virttune.xml;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class XmlTextTest {
    @Test
    void noDeclarationIsAddedAndEmptyElementsStayCompact() {
        String xml = "<domain type='kvm'>\n  <features><acpi/></features>\n</domain>\n";

        assertEquals(xml.replace('\'', '"'), XmlText.write(SafeXml.parse(xml, "x")));
    }

    @Test
    void newlinesInTextAndAttributesSurvive() {
        String xml = "<domain>\n  <description>two\nlines</description>\n"
                + "  <title a=\"x&#10;y\">&lt;&amp;&gt;</title>\n</domain>\n";

        assertEquals(xml.replace("&#10;", "&#xA;"), XmlText.write(SafeXml.parse(xml, "x")));
    }

    @Test
    void elementsCreatedInAOneLineDocumentStayOnOneLine() {
        DomainXml domain = DomainXml.parse("<domain><name>a</name><vcpu>1</vcpu></domain>", "x");

        domain.iothreads().setCount(1);

        assertEquals("<domain><name>a</name><vcpu>1</vcpu><iothreads>1</iothreads></domain>\n", domain.toXml());
    }

    @Test
    void elementsCreatedUnderANewParentUseTheDocumentsIndentUnit() {
        DomainXml domain = DomainXml.parse("<domain>\n    <name>a</name>\n    <memory>1</memory>\n</domain>", "x");

        domain.memoryBacking().enableHugepages();

        assertEquals(
                "<domain>\n    <name>a</name>\n    <memory>1</memory>\n    <memoryBacking>\n"
                        + "        <hugepages/>\n    </memoryBacking>\n</domain>\n",
                domain.toXml());
    }
}
