package io.virttune.xml;

import java.util.List;
import java.util.TreeSet;
import org.jdom2.Element;

/** The domain's IOThreads: {@code <iothreads>} (how many) and {@code <iothreadids>} (which). */
public final class IoThreadsView {
    private final Element domain;
    private final String origin;

    IoThreadsView(Element domain, String origin) {
        this.domain = domain;
        this.origin = origin;
    }

    /** How many IOThreads the domain has; 0 without {@code <iothreads>}. */
    public int count() {
        return Elements.parseInt(Elements.childText(domain, "iothreads"), "iothreads", origin)
                .orElse(0);
    }

    /** The ids listed in {@code <iothreadids>}, in document order; empty without it. */
    public List<Integer> definedIds() {
        return Elements.child(domain, "iothreadids")
                .map(ids -> ids.getChildren("iothread").stream()
                        .map(thread -> Elements.parseInt(Elements.attribute(thread, "id"), "iothread id", origin)
                                .orElseThrow(() -> new XmlRejectedException(
                                        origin + ": an <iothread> in <iothreadids> has no id")))
                        .toList())
                .orElse(List.of());
    }

    /**
     * The ids a disk may use: the defined ones plus those libvirt gives the remaining threads
     * (the smallest unused positive numbers), sorted.
     */
    public List<Integer> usableIds() {
        TreeSet<Integer> ids = new TreeSet<>(definedIds());
        for (int next = 1; ids.size() < count(); next++) {
            ids.add(next);
        }
        return List.copyOf(ids);
    }

    /**
     * Sets the IOThread count, creating {@code <iothreads>} after {@code <vcpu>}; when the domain
     * lists {@code <iothreadids>}, new threads get entries there too (smallest unused ids).
     */
    public void setCount(int count) {
        List<Integer> defined = definedIds();
        if (count < defined.size()) {
            throw new IllegalArgumentException(
                    "cannot set " + count + " IOThreads: <iothreadids>" + " defines " + defined.size());
        }
        Element iothreads =
                Elements.child(domain, "iothreads").orElseGet(() -> ChildOrder.DOMAIN.insert(domain, "iothreads"));
        iothreads.setText(Integer.toString(count));
        Elements.child(domain, "iothreadids").ifPresent(ids -> addMissingIds(ids, count));
    }

    private void addMissingIds(Element ids, int count) {
        TreeSet<Integer> used = new TreeSet<>(definedIds());
        for (int next = 1; used.size() < count; next++) {
            if (used.add(next)) {
                Element thread = new Element("iothread").setAttribute("id", Integer.toString(next));
                List<Element> existing = ids.getChildren("iothread");
                Indentation.insertAfter(ids, existing.isEmpty() ? null : existing.get(existing.size() - 1), thread);
            }
        }
    }
}
