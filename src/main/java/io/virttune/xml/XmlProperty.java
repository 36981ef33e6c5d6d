package io.virttune.xml;

import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;
import org.jdom2.Element;

/**
 * A typed value declared by its path below a base element, the virtinst way: "driver/@cache" is
 * an attribute, "iothreads" an element's text; read, set (creating what is missing) and removed
 * (pruning what that leaves empty) in place, so the rest of the document stays as it was.
 */
final class XmlProperty<T> {
    /**
     * Converts between a property's text and its value: {@code parse} throws an
     * IllegalArgumentException for a text that is none, {@code expected} says what a text must be.
     */
    record Converter<T>(Function<String, T> parse, Function<T, String> format, String expected) {}

    static final Converter<String> STRING = new Converter<>(text -> text, value -> value, "text");
    /** Whole numbers as libvirt writes them, read with the whitespace around them ignored. */
    static final Converter<Integer> INTEGER =
            new Converter<>(text -> Integer.parseInt(text.trim()), Object::toString, "a whole number");

    private final XmlPath path;
    /** The attribute's name, or null when the value is the element's text. */
    private final String attribute;

    private final Converter<T> converter;
    /** The text an absent value reads as, or null when absence is empty. */
    private final String absentAs;

    private XmlProperty(XmlPath path, String attribute, Converter<T> converter, String absentAs) {
        this.path = path;
        this.attribute = attribute;
        this.converter = converter;
        this.absentAs = absentAs;
    }

    /** "a/b/@name" is attribute name of a/b, "@name" one of the base, "a/b" the text of a/b. */
    static <T> XmlProperty<T> of(String path, Converter<T> converter) {
        int at = path.lastIndexOf('@');
        if (at < 0 && path.isEmpty()) {
            throw new IllegalArgumentException("the base element's own text is no property");
        }
        if (at < 0) {
            return new XmlProperty<>(XmlPath.of(path), null, converter, null);
        }
        if (at > 0 && path.charAt(at - 1) != '/' || at == path.length() - 1 || path.indexOf('/', at) >= 0) {
            throw new IllegalArgumentException("not an attribute path: " + path);
        }
        XmlPath holder = XmlPath.of(at == 0 ? "" : path.substring(0, at - 1));
        return new XmlProperty<>(holder, path.substring(at + 1), converter, null);
    }

    static XmlProperty<String> string(String path) {
        return of(path, STRING);
    }

    static XmlProperty<Integer> integer(String path) {
        return of(path, INTEGER);
    }

    /** The same value, whose element gets {@code init} when a set creates it (a new driver's name). */
    XmlProperty<T> whenCreated(Consumer<Element> init) {
        return new XmlProperty<>(path.whenCreated(init), attribute, converter, absentAs);
    }

    /** The same value, read as {@code text} when absent (jdom's getAttributeValue with a default). */
    XmlProperty<T> absentAs(String text) {
        return new XmlProperty<>(path, attribute, converter, text);
    }

    /** The value, for converters that take any text (a refusal would not name the document). */
    Optional<T> get(Element base) {
        return text(base).map(converter.parse());
    }

    /**
     * The value; a text that is not one is refused as "{@code origin}: {@code subject} driver
     * iothread is 'two', not a whole number", naming the property by its path.
     */
    Optional<T> get(Element base, String origin, String subject) {
        return text(base).map(text -> {
            try {
                return converter.parse().apply(text);
            } catch (IllegalArgumentException e) {
                String what = subject.isEmpty() ? words() : subject + " " + words();
                throw new XmlRejectedException(
                        origin + ": " + what + " is '" + text + "', not " + converter.expected(), e);
            }
        });
    }

    /** The text as the document has it (an element's trimmed), or {@link #absentAs} when absent. */
    private Optional<String> text(Element base) {
        Optional<String> text = path.find(base)
                .map(holder -> attribute == null ? holder.getTextTrim() : holder.getAttributeValue(attribute));
        return text.or(() -> Optional.ofNullable(absentAs));
    }

    boolean isPresent(Element base) {
        return path.find(base)
                .filter(holder -> attribute == null || holder.getAttribute(attribute) != null)
                .isPresent();
    }

    /** Sets the value, creating the elements on its path that are missing; null removes it. */
    void set(Element base, T value) {
        if (value == null) {
            remove(base);
            return;
        }
        Element holder = path.findOrCreate(base);
        String text = converter.format().apply(value);
        if (attribute == null) {
            holder.setText(text);
        } else {
            holder.setAttribute(attribute, text);
        }
    }

    /**
     * Removes the attribute (or the element of a text), then the elements up to {@code base} left
     * without attributes or content, as libvirt never keeps an empty {@code <driver/>}. A holder
     * already empty goes too, so that removing leaves no empty element behind either way.
     */
    void remove(Element base) {
        path.find(base).ifPresent(holder -> {
            if (attribute == null) {
                Elements.remove(holder, base);
            } else {
                holder.removeAttribute(attribute);
                Elements.pruneIfEmpty(holder, base);
            }
        });
    }

    private String words() {
        String holder = path.words();
        if (attribute == null) {
            return holder;
        }
        return holder.isEmpty() ? attribute : holder + " " + attribute;
    }
}
