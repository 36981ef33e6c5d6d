package io.virttune.xml;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.jdom2.Attribute;
import org.jdom2.Comment;
import org.jdom2.Content;
import org.jdom2.Document;
import org.jdom2.Element;
import org.jdom2.Parent;
import org.jdom2.ProcessingInstruction;
import org.jdom2.Text;

/**
 * Compares two documents by meaning rather than by text: element names and namespaces,
 * attributes as sets, text that is not only whitespace (trimmed), comments and processing
 * instructions; indentation, quote style and attribute order do not count.
 */
public final class XmlEquivalence {
    private XmlEquivalence() {}

    /** Lists every difference with an XPath-like location; empty means semantically identical. */
    public static List<String> differences(Document first, Document second) {
        List<String> found = new ArrayList<>();
        compareChildren("", first, second, found);
        return found;
    }

    private static void compareElements(String path, Element first, Element second, List<String> found) {
        compareAttributes(path, first, second, found);
        compareChildren(path, first, second, found);
    }

    private static void compareAttributes(String path, Element first, Element second, List<String> found) {
        Map<String, String> a = attributes(first);
        Map<String, String> b = attributes(second);
        TreeSet<String> names = new TreeSet<>(a.keySet());
        names.addAll(b.keySet());
        for (String name : names) {
            String at = path + "/@" + name;
            if (!b.containsKey(name)) {
                found.add(at + ": only in the first document ('" + a.get(name) + "')");
            } else if (!a.containsKey(name)) {
                found.add(at + ": only in the second document ('" + b.get(name) + "')");
            } else if (!a.get(name).equals(b.get(name))) {
                found.add(at + ": '" + a.get(name) + "' vs '" + b.get(name) + "'");
            }
        }
    }

    private static Map<String, String> attributes(Element element) {
        Map<String, String> byName = new TreeMap<>();
        for (Attribute attribute : element.getAttributes()) {
            String uri = attribute.getNamespaceURI();
            String key = uri.isEmpty() ? attribute.getName() : "{" + uri + "}" + attribute.getName();
            byName.put(key, attribute.getValue());
        }
        return byName;
    }

    private static void compareChildren(String path, Parent first, Parent second, List<String> found) {
        List<Node> a = significantChildren(first);
        List<Node> b = significantChildren(second);
        List<String> kindsA = a.stream().map(Node::kind).collect(Collectors.toList());
        List<String> kindsB = b.stream().map(Node::kind).collect(Collectors.toList());
        if (!kindsA.equals(kindsB)) {
            // Pairing children after an insertion would report every later sibling; say it once.
            found.add((path.isEmpty() ? "/" : path) + ": children " + kindsA + " vs " + kindsB);
            return;
        }
        for (int i = 0; i < a.size(); i++) {
            Node x = a.get(i);
            Node y = b.get(i);
            String at = path + "/" + x.step(a, i);
            if (x.content instanceof Element) {
                compareElements(at, (Element) x.content, (Element) y.content, found);
            } else if (!x.value.equals(y.value)) {
                found.add(at + ": '" + x.value + "' vs '" + y.value + "'");
            }
        }
    }

    /** Elements, comments, processing instructions and runs of text that are not blank. */
    private static List<Node> significantChildren(Parent parent) {
        List<Node> nodes = new ArrayList<>();
        StringBuilder text = new StringBuilder();
        for (Content content : parent.getContent()) {
            if (content instanceof Text) {
                text.append(((Text) content).getText());
                continue;
            }
            flushText(text, nodes);
            if (content instanceof Element) {
                nodes.add(new Node(elementKind((Element) content), content, ""));
            } else if (content instanceof Comment) {
                nodes.add(new Node("comment()", content, ((Comment) content).getText()));
            } else if (content instanceof ProcessingInstruction) {
                ProcessingInstruction pi = (ProcessingInstruction) content;
                nodes.add(new Node("processing-instruction(" + pi.getTarget() + ")", content, pi.getData()));
            }
        }
        flushText(text, nodes);
        return nodes;
    }

    /** Elements match by namespace and local name; the prefix is only a spelling. */
    private static String elementKind(Element element) {
        String uri = element.getNamespaceURI();
        return uri.isEmpty() ? element.getName() : "{" + uri + "}" + element.getName();
    }

    private static void flushText(StringBuilder text, List<Node> nodes) {
        String trimmed = text.toString().trim();
        if (!trimmed.isEmpty()) {
            nodes.add(new Node("text()", null, trimmed));
        }
        text.setLength(0);
    }

    /** One significant child: its kind (the element name for elements) and comparable value. */
    private static final class Node {
        final String kind;
        final Content content;
        final String value;

        Node(String kind, Content content, String value) {
            this.kind = kind;
            this.content = content;
            this.value = value;
        }

        String kind() {
            return kind;
        }

        /** The location step, indexed among siblings of the same kind when there are several. */
        String step(List<Node> siblings, int index) {
            String name = content instanceof Element ? ((Element) content).getQualifiedName() : kind;
            long sameKind = siblings.stream().filter(n -> n.kind.equals(kind)).count();
            if (sameKind == 1) {
                return name;
            }
            long position = siblings.subList(0, index + 1).stream()
                    .filter(n -> n.kind.equals(kind))
                    .count();
            return name + "[" + position + "]";
        }
    }
}
