package io.virttune.xml;

import java.util.List;
import org.jdom2.Content;
import org.jdom2.Element;
import org.jdom2.Parent;
import org.jdom2.Text;

/**
 * Inserts and removes elements together with the whitespace around them, copying the
 * indentation of the neighbours so that a diff of an edited document shows only the edit.
 */
final class Indentation {
    private static final String DEFAULT_UNIT = "  ";

    private Indentation() {}

    /** Inserts {@code child} right after {@code previous}, or as the first element if null. */
    static void insertAfter(Element parent, Element previous, Element child) {
        List<Element> siblings = parent.getChildren();
        if (siblings.isEmpty()) {
            insertIntoChildless(parent, child);
            return;
        }
        Element neighbour = previous != null ? previous : siblings.get(0);
        int index = parent.indexOf(neighbour);
        String indent = whitespaceBefore(neighbour);
        if (previous == null) {
            parent.addContent(index, child);
            if (indent != null) {
                parent.addContent(index + 1, new Text(indent));
            }
        } else {
            parent.addContent(index + 1, child);
            if (indent != null) {
                parent.addContent(index + 1, new Text(indent));
            }
        }
    }

    /** Removes the element and the indentation in front of it; empties a parent left blank. */
    static void detach(Element element) {
        Parent parent = element.getParent();
        int index = parent.indexOf(element);
        if (index > 0 && isBlankText(parent.getContent(index - 1))) {
            parent.removeContent(index - 1);
        }
        element.detach();
        if (parent instanceof Element && isBlank((Element) parent)) {
            ((Element) parent).removeContent();
        }
    }

    /** True when the element holds nothing but whitespace. */
    static boolean isBlank(Element element) {
        return element.getContent().stream().allMatch(Indentation::isBlankText);
    }

    private static void insertIntoChildless(Element parent, Element child) {
        String parentIndent = lineIndent(parent);
        if (parentIndent == null || !isBlank(parent)) {
            parent.addContent(child);
            return;
        }
        parent.removeContent();
        parent.addContent(new Text("\n" + parentIndent + unit(parent, parentIndent)));
        parent.addContent(child);
        parent.addContent(new Text("\n" + parentIndent));
    }

    /** One level of indentation as the document uses it between the parent and its parent. */
    private static String unit(Element parent, String parentIndent) {
        Element grandparent = parent.getParentElement();
        String outer = grandparent == null ? null : lineIndent(grandparent);
        if (outer == null && grandparent != null && grandparent.isRootElement()) {
            outer = "";
        }
        if (outer != null && parentIndent.startsWith(outer) && parentIndent.length() > outer.length()) {
            return parentIndent.substring(outer.length());
        }
        return DEFAULT_UNIT;
    }

    /** The whitespace text in front of an element, or null if it has none. */
    private static String whitespaceBefore(Element element) {
        Parent parent = element.getParent();
        int index = parent.indexOf(element);
        if (index > 0 && isBlankText(parent.getContent(index - 1))) {
            return ((Text) parent.getContent(index - 1)).getText();
        }
        return null;
    }

    /** The indentation of the line an element starts on, or null if it does not start a line. */
    private static String lineIndent(Element element) {
        if (element.isRootElement()) {
            return "";
        }
        String before = whitespaceBefore(element);
        if (before == null || before.indexOf('\n') < 0) {
            return null;
        }
        return before.substring(before.lastIndexOf('\n') + 1);
    }

    private static boolean isBlankText(Content content) {
        return content instanceof Text && ((Text) content).getText().isBlank();
    }
}
