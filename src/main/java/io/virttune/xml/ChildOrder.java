package io.virttune.xml;

import java.util.List;
import java.util.Map;
import org.jdom2.Element;

/**
 * The order libvirt writes an element's children in, so that a created child lands where
 * libvirt itself would put it instead of at the end.
 */
final class ChildOrder {
    static final ChildOrder DOMAIN = new ChildOrder(List.of(
            "name",
            "uuid",
            "genid",
            "title",
            "description",
            "metadata",
            "maxMemory",
            "memory",
            "currentMemory",
            "blkiotune",
            "memtune",
            "memoryBacking",
            "vcpu",
            "vcpus",
            "iothreads",
            "iothreadids",
            "cputune",
            "numatune",
            "resource",
            "sysinfo",
            "bootloader",
            "bootloader_args",
            "os",
            "idmap",
            "features",
            "cpu",
            "clock",
            "on_poweroff",
            "on_reboot",
            "on_crash",
            "pm",
            "perf",
            "devices"));
    static final ChildOrder DISK = new ChildOrder(List.of(
            "driver",
            "auth",
            "source",
            "backingStore",
            "mirror",
            "target",
            "iotune",
            "blockio",
            "geometry",
            "readonly",
            "shareable",
            "transient",
            "serial",
            "wwn",
            "vendor",
            "product",
            "encryption",
            "boot",
            "alias",
            "address"));
    static final ChildOrder MEMORY_BACKING =
            new ChildOrder(List.of("hugepages", "nosharepages", "locked", "source", "access", "allocation", "discard"));

    /** The orders above by the name of the parent they order. */
    private static final Map<String, ChildOrder> BY_PARENT =
            Map.of("domain", DOMAIN, "disk", DISK, "memoryBacking", MEMORY_BACKING);

    private final List<String> names;

    private ChildOrder(List<String> names) {
        this.names = names;
    }

    /**
     * Creates the named child (in no namespace) at its conventional position when the parent's
     * order is known, or as its first child, where the edits of other parents have put theirs.
     */
    static Element create(Element parent, String name) {
        ChildOrder order = parent.getNamespaceURI().isEmpty() ? BY_PARENT.get(parent.getName()) : null;
        if (order != null) {
            return order.insert(parent, name);
        }
        Element child = new Element(name);
        Indentation.insertAfter(parent, null, child);
        return child;
    }

    /** Creates the named child (in no namespace) at its conventional position and returns it. */
    Element insert(Element parent, String name) {
        Element child = new Element(name);
        Indentation.insertAfter(parent, predecessor(parent, name), child);
        return child;
    }

    /** The last existing child that libvirt writes before {@code name}, or null. */
    private Element predecessor(Element parent, String name) {
        int rank = names.indexOf(name);
        if (rank < 0) {
            throw new IllegalArgumentException("no conventional position for <" + name + ">");
        }
        Element previous = null;
        for (Element sibling : parent.getChildren()) {
            int siblingRank = names.indexOf(sibling.getName());
            boolean known = siblingRank >= 0 && sibling.getNamespaceURI().isEmpty();
            if (known && siblingRank < rank) {
                previous = sibling;
            }
        }
        return previous;
    }
}
