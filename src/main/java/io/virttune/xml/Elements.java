package io.virttune.xml;

import java.util.Optional;
import org.jdom2.Element;

/** Reading and editing libvirt elements (which live in no namespace) in place. */
final class Elements {
    private Elements() {}

    static Optional<Element> child(Element parent, String name) {
        return Optional.ofNullable(parent.getChild(name));
    }

    static Optional<String> attribute(Element element, String name) {
        return Optional.ofNullable(element.getAttributeValue(name));
    }

    static Optional<String> childAttribute(Element parent, String child, String name) {
        return child(parent, child).flatMap(found -> attribute(found, name));
    }

    /** Removes the element, then every ancestor below {@code stop} that is left empty. */
    static void remove(Element element, Element stop) {
        Element parent = element.getParentElement();
        Indentation.detach(element);
        pruneIfEmpty(parent, stop);
    }

    /** Walks up from {@code element}, removing elements without attributes or content. */
    static void pruneIfEmpty(Element element, Element stop) {
        Element current = element;
        while (current != null
                && current != stop
                && current.getAttributes().isEmpty()
                && Indentation.isBlank(current)) {
            Element parent = current.getParentElement();
            Indentation.detach(current);
            current = parent;
        }
    }
}
