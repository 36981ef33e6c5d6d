package io.virttune.xml;

import java.util.List;
import java.util.TreeSet;
import org.jdom2.Element;

/** The domain's IOThreads: {@code <iothreads>} (how many) and {@code <iothreadids>} (which). */
public final class IoThreadsView {
    private static final XmlProperty<Integer> COUNT = XmlProperty.integer("iothreads");
    private static final XmlPath ID_LIST = XmlPath.of("iothreadids");
    private static final XmlPath IDS = XmlPath.of("iothreadids/iothread");
    private static final XmlProperty<Integer> ID = XmlProperty.integer("@id");

    private final Element domain;
    private final String origin;

    IoThreadsView(Element domain, String origin) {
        this.domain = domain;
        this.origin = origin;
    }

    /** How many IOThreads the domain has; 0 without {@code <iothreads>}. */
    public int count() {
        return COUNT.get(domain, origin, "").orElse(0);
    }

    /** The ids listed in {@code <iothreadids>}, in document order; empty without it. */
    public List<Integer> definedIds() {
        return IDS.findAll(domain).stream()
                .map(thread -> ID.get(thread, origin, "iothread")
                        .orElseThrow(
                                () -> new XmlRejectedException(origin + ": an <iothread> in <iothreadids> has no id")))
                .toList();
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
        COUNT.set(domain, count);
        if (ID_LIST.exists(domain)) {
            addMissingIds(count);
        }
    }

    private void addMissingIds(int count) {
        TreeSet<Integer> used = new TreeSet<>(definedIds());
        for (int next = 1; used.size() < count; next++) {
            if (used.add(next)) {
                ID.set(IDS.add(domain), next);
            }
        }
    }
}
