package io.virttune.xml;

import java.io.IOException;
import java.io.StringReader;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jdom2.Document;
import org.jdom2.JDOMException;
import org.jdom2.JDOMFactory;
import org.jdom2.input.JDOMParseException;
import org.jdom2.input.SAXBuilder;
import org.jdom2.input.sax.SAXHandler;
import org.jdom2.input.sax.XMLReaders;
import org.xml.sax.InputSource;
import org.xml.sax.SAXException;

/**
 * Parses XML with everything that could reach outside the text turned off, keeping comments,
 * processing instructions, whitespace, CDATA and foreign namespaces so it can be written back.
 */
public final class SafeXml {
    /** Document property holding the input's XML declaration verbatim, if it had one. */
    static final String DECLARATION_PROPERTY = "io.virttune.xml.declaration";

    private static final Pattern DECLARATION = Pattern.compile("\\A\uFEFF?(<\\?xml\\s[^?]*\\?>)");

    /**
     * One builder per thread, reused: a new builder makes a new SAX parser, which cost more than
     * parsing a domain definition (inspect of 1000 domains parses each once). SAXBuilder is not
     * thread-safe, hence one per thread; its settings never change after it is made.
     */
    private static final ThreadLocal<SAXBuilder> BUILDER = ThreadLocal.withInitial(SafeXml::builder);

    private SafeXml() {}

    public static Document parse(String xml, String origin) {
        if (xml == null || xml.isBlank()) {
            throw new XmlRejectedException(origin + ": the XML text is empty");
        }
        try {
            Document document = BUILDER.get().build(new InputSource(new StringReader(xml)));
            Matcher declaration = DECLARATION.matcher(xml);
            if (declaration.find()) {
                document.setProperty(DECLARATION_PROPERTY, declaration.group(1));
            }
            return document;
        } catch (JDOMParseException e) {
            if (e.getCause() instanceof DoctypeRefused) {
                throw new XmlRejectedException(origin + ": " + DoctypeRefused.REASON, e);
            }
            throw new XmlRejectedException(
                    origin + ": malformed XML at line " + e.getLineNumber() + ":" + e.getColumnNumber() + ": "
                            + parserMessage(e),
                    e);
        } catch (JDOMException | IOException e) {
            throw new XmlRejectedException(origin + ": cannot parse XML: " + parserMessage(e), e);
        }
    }

    private static SAXBuilder builder() {
        SAXBuilder builder = new SAXBuilder(XMLReaders.NONVALIDATING);
        // The DOCTYPE refusal below is the real guard; these make sure that even a parser that
        // reached a DTD would neither load it nor expand what it declares.
        builder.setSAXHandlerFactory(factory -> new DoctypeRefusingHandler(factory));
        builder.setExpandEntities(false);
        builder.setFeature("http://xml.org/sax/features/external-general-entities", false);
        builder.setFeature("http://xml.org/sax/features/external-parameter-entities", false);
        builder.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        builder.setEntityResolver((publicId, systemId) -> {
            throw new SAXException("external entity refused: " + systemId);
        });
        return builder;
    }

    private static String parserMessage(Exception e) {
        Throwable cause = e.getCause() != null ? e.getCause() : e;
        return cause.getMessage();
    }

    /** Stops parsing at the DOCTYPE, before its internal subset declares any entity. */
    private static final class DoctypeRefusingHandler extends SAXHandler {
        DoctypeRefusingHandler(JDOMFactory factory) {
            super(factory);
        }

        @Override
        public void startDTD(String name, String publicId, String systemId) throws SAXException {
            throw new DoctypeRefused();
        }
    }

    /** Marks the refusal so it can be told apart from a malformed document. */
    private static final class DoctypeRefused extends SAXException {
        static final String REASON = "DOCTYPE declarations are refused: entity expansion and external"
                + " entities are a known attack (billion laughs, XXE)";

        DoctypeRefused() {
            super(REASON);
        }
    }
}
