package io.virttune.xml;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.ExitCode;
import org.junit.jupiter.api.Test;

class SafeXmlTest {
    private static final String DOCTYPE_REASON = "DOCTYPE declarations are refused";

    @Test
    void billionLaughsIsRefusedBeforeAnyExpansion() {
        String laughs = "<?xml version='1.0'?>\n<!DOCTYPE lolz [\n <!ENTITY lol 'lol'>\n"
                + " <!ENTITY lol1 '&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;'>\n"
                + " <!ENTITY lol2 '&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;'>\n"
                + " <!ENTITY lol3 '&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;'>\n"
                + "]>\n<domain><name>&lol3;</name></domain>";

        assertRefused(laughs, "laughs.xml", DOCTYPE_REASON);
    }

    @Test
    void externalEntityOnTheLocalFilesystemIsRefused() {
        String xxe =
                "<!DOCTYPE domain [<!ENTITY pw SYSTEM 'file:///etc/passwd'>]>" + "<domain><name>&pw;</name></domain>";

        XmlRejectedException refused = assertRefused(xxe, "xxe-file.xml", DOCTYPE_REASON);
        assertTrue(!refused.getMessage().contains("root:"), "file content leaked into the message");
    }

    @Test
    void externalEntityOverHttpIsRefused() {
        String xxe = "<!DOCTYPE domain [<!ENTITY x SYSTEM 'http://127.0.0.1:9/steal'>]>"
                + "<domain><name>&x;</name></domain>";

        assertRefused(xxe, "xxe-http.xml", DOCTYPE_REASON);
    }

    @Test
    void externalDtdIsRefused() {
        String external = "<!DOCTYPE domain SYSTEM 'http://127.0.0.1:9/domain.dtd'><domain/>";

        assertRefused(external, "external-dtd.xml", DOCTYPE_REASON);
    }

    @Test
    void parameterEntitiesAreRefused() {
        String parameter =
                "<!DOCTYPE domain [<!ENTITY % remote SYSTEM 'file:///etc/hostname'>" + " %remote;]><domain/>";

        assertRefused(parameter, "parameter.xml", DOCTYPE_REASON);
    }

    @Test
    void anUndeclaredEntityIsMalformedNotResolved() {
        assertRefused("<domain><name>&nope;</name></domain>", "undeclared.xml", "line 1:");
    }

    @Test
    void malformedXmlReportsLineAndColumn() {
        XmlRejectedException refused =
                assertRefused("<domain>\n  <name>x</nam>\n</domain>", "domain broken", "line 2:");
        assertTrue(refused.getMessage().contains("malformed XML"), refused.getMessage());
    }

    @Test
    void emptyTextIsRefused() {
        assertRefused("", "empty.xml", "empty");
        assertRefused("  \n", "blank.xml", "empty");
    }

    @Test
    void refusalIsAFailureExitCode() {
        XmlRejectedException refused = assertRefused("<a>", "cut.xml", "malformed");
        assertEquals(ExitCode.FAILED, refused.exitCode());
    }

    @Test
    void keepsCommentsProcessingInstructionsCdataAndForeignNamespaces() {
        String xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!-- top -->\n"
                + "<domain xmlns:qemu=\"http://libvirt.org/schemas/domain/qemu/1.0\">\n"
                + "  <?virt-tune marker?>\n  <description><![CDATA[a <b> & c]]></description>\n"
                + "  <qemu:commandline><qemu:arg value=\"-s\"/></qemu:commandline>\n</domain>\n";

        assertEquals(xml, XmlText.write(SafeXml.parse(xml, "mixed.xml")));
    }

    private static XmlRejectedException assertRefused(String xml, String origin, String reason) {
        XmlRejectedException refused = assertThrows(XmlRejectedException.class, () -> SafeXml.parse(xml, origin));
        assertTrue(refused.getMessage().startsWith(origin + ": "), refused.getMessage());
        assertTrue(refused.getMessage().contains(reason), refused.getMessage());
        return refused;
    }
}
