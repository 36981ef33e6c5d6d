package io.virttune.xml;

import java.io.IOException;
import java.io.Writer;
import java.util.List;
import org.jdom2.Attribute;
import org.jdom2.Content;
import org.jdom2.Document;
import org.jdom2.Element;
import org.jdom2.Namespace;
import org.jdom2.output.Format;
import org.jdom2.output.LineSeparator;
import org.jdom2.output.XMLOutputter;
import org.jdom2.output.support.AbstractXMLOutputProcessor;
import org.jdom2.output.support.FormatStack;
import org.jdom2.util.NamespaceStack;

/**
 * Writes a document back as text without reformatting it: the whitespace, comments and
 * namespaces it was parsed with come back as they were (attribute values in double quotes).
 */
public final class XmlText {
    private static final XMLOutputter OUTPUTTER = new XMLOutputter(rawFormat(), new CompactEmptyElements());

    private XmlText() {}

    public static String write(Document document) {
        StringBuilder text = new StringBuilder();
        Object declaration = document.getProperty(SafeXml.DECLARATION_PROPERTY);
        if (declaration != null) {
            text.append(declaration).append('\n');
        }
        // Whitespace outside the root element is not kept by the parser: one node per line.
        for (Content node : document.getContent()) {
            text.append(OUTPUTTER.outputString(List.of(node))).append('\n');
        }
        return text.toString();
    }

    private static Format rawFormat() {
        // Raw keeps text as parsed; LF because the raw default separator is CRLF, which it would
        // also substitute for every newline inside text.
        return Format.getRawFormat().setLineSeparator(LineSeparator.UNIX).setOmitDeclaration(true);
    }

    /** Writes empty elements as {@code <x/>}, like libvirt, where jdom2 writes {@code <x />}. */
    private static final class CompactEmptyElements extends AbstractXMLOutputProcessor {
        @Override
        protected void printElement(Writer out, FormatStack fstack, NamespaceStack nstack, Element element)
                throws IOException {
            if (!element.getContent().isEmpty()) {
                super.printElement(out, fstack, nstack, element);
                return;
            }
            nstack.push(element);
            try {
                write(out, "<");
                write(out, element.getQualifiedName());
                for (Namespace namespace : nstack.addedForward()) {
                    printNamespace(out, fstack, namespace);
                }
                for (Attribute attribute : element.getAttributes()) {
                    printAttribute(out, fstack, attribute);
                }
                write(out, "/>");
            } finally {
                nstack.pop();
            }
        }
    }
}
