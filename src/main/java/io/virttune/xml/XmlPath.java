package io.virttune.xml;

import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import org.jdom2.Element;

/**
 * A declared path of child elements below a base element ("driver", "source/dataStore"), found,
 * created where libvirt would put it, and removed with the parents that leaves empty.
 */
final class XmlPath {
    /** The base element itself: the empty path. */
    private static final XmlPath BASE = new XmlPath(List.of(), element -> {});

    private final List<String> steps;
    private final Consumer<Element> whenCreated;

    private XmlPath(List<String> steps, Consumer<Element> whenCreated) {
        this.steps = steps;
        this.whenCreated = whenCreated;
    }

    /** Child names separated by '/', all in no namespace (libvirt's); "" is the base itself. */
    static XmlPath of(String path) {
        if (path.isEmpty()) {
            return BASE;
        }
        List<String> steps = List.of(path.split("/"));
        if (steps.stream().anyMatch(step -> step.isEmpty() || step.startsWith("@"))) {
            throw new IllegalArgumentException("not a path of element names: " + path);
        }
        return new XmlPath(steps, element -> {});
    }

    /** The same path, whose last element gets {@code init} when this path creates it. */
    XmlPath whenCreated(Consumer<Element> init) {
        return new XmlPath(steps, init);
    }

    /** The words of the path, for messages: "driver iothread" reads better than "driver/@iothread". */
    String words() {
        return String.join(" ", steps);
    }

    /** The first element at the path, taking the first child of each name as libvirt does. */
    Optional<Element> find(Element base) {
        Element current = base;
        for (String step : steps) {
            current = current.getChild(step);
            if (current == null) {
                return Optional.empty();
            }
        }
        return Optional.of(current);
    }

    boolean exists(Element base) {
        return find(base).isPresent();
    }

    /** Every element of the last step's name under the first element of each step before it. */
    List<Element> findAll(Element base) {
        if (steps.isEmpty()) {
            return List.of(base);
        }
        return parent().find(base)
                .map(parent -> List.copyOf(parent.getChildren(last())))
                .orElse(List.of());
    }

    /** The element at the path, creating each missing one where libvirt writes it ({@link ChildOrder}). */
    Element findOrCreate(Element base) {
        Element current = base;
        for (int i = 0; i < steps.size(); i++) {
            Element child = current.getChild(steps.get(i));
            if (child == null) {
                child = ChildOrder.create(current, steps.get(i));
                if (i == steps.size() - 1) {
                    whenCreated.accept(child);
                }
            }
            current = child;
        }
        return current;
    }

    /**
     * A new element at the path, right after the last of its name (where a list like
     * {@code <iothreadids>} grows), or where a created one goes when there is none yet.
     */
    Element add(Element base) {
        if (steps.isEmpty()) {
            throw new IllegalArgumentException("the base element cannot be added");
        }
        Element parent = parent().findOrCreate(base);
        List<Element> siblings = parent.getChildren(last());
        if (siblings.isEmpty()) {
            Element child = ChildOrder.create(parent, last());
            whenCreated.accept(child);
            return child;
        }
        Element child = new Element(last());
        Indentation.insertAfter(parent, siblings.get(siblings.size() - 1), child);
        whenCreated.accept(child);
        return child;
    }

    /**
     * Removes every element {@link #findAll} gives, with its indentation, and then the parents
     * (up to but not including {@code base}) that left empty; returns what went.
     */
    List<Element> removeAll(Element base) {
        if (steps.isEmpty()) {
            throw new IllegalArgumentException("the base element cannot be removed");
        }
        List<Element> removed = findAll(base);
        removed.forEach(element -> Elements.remove(element, base));
        return removed;
    }

    private XmlPath parent() {
        return new XmlPath(steps.subList(0, steps.size() - 1), element -> {});
    }

    private String last() {
        return steps.get(steps.size() - 1);
    }
}
