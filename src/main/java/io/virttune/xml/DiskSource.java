package io.virttune.xml;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.jdom2.Element;

/** Where a {@code <disk>}'s data is: its {@code <source>} and backing chain, read and repointed. */
final class DiskSource {
    /** Source attributes that say where the data is; a new block source replaces them all. */
    private static final List<String> LOCATION_ATTRIBUTES = List.of(
            "file", "dev", "dir", "name", "protocol", "pool", "volume", "mode", "type", "path", "index", "query");
    /** Source children that only make sense for a remote, pool or PCI location. */
    private static final Set<String> LOCATION_CHILDREN = Set.of(
            "host",
            "auth",
            "snapshot",
            "config",
            "initiator",
            "cookies",
            "ssl",
            "readahead",
            "timeout",
            "reconnect",
            "address");

    private final Element disk;

    DiskSource(Element disk) {
        this.disk = disk;
    }

    Optional<Element> element() {
        return Elements.child(disk, "source");
    }

    /** The host path of a file, block or dir source. */
    Optional<String> path() {
        return element().flatMap(DiskSource::pathOf);
    }

    Optional<String> attribute(String name) {
        return element().flatMap(source -> Elements.attribute(source, name));
    }

    /** Whether the source is a file descriptor the management application passes ({@code fdgroup}). */
    boolean fdPassed() {
        return element().map(source -> source.getAttribute("fdgroup") != null).orElse(false);
    }

    boolean encrypted() {
        return element().map(source -> source.getChild("encryption") != null).orElse(false);
    }

    /**
     * The backing chain below the top image, nearest first: each entry's path, or its network
     * name, or its type when it has neither. The empty {@code <backingStore/>} that ends a
     * chain is not an entry.
     */
    List<String> backingStores() {
        List<String> chain = new ArrayList<>();
        Element store = disk.getChild("backingStore");
        while (store != null && !store.getAttributes().isEmpty()) {
            Optional<Element> source = Elements.child(store, "source");
            String type = Elements.attribute(store, "type").orElse("file");
            chain.add(source.flatMap(s -> pathOf(s).or(() -> Elements.attribute(s, "name")))
                    .orElse(type));
            store = store.getChild("backingStore");
        }
        return chain;
    }

    /**
     * Points the disk at a block device: type='block' and {@code <source dev=...>}, keeping
     * source children such as seclabel; the backing chain goes because the new disk is flat.
     */
    void pointAtBlockDevice(String dev) {
        disk.setAttribute("type", "block");
        Element source = element().orElseGet(() -> ChildOrder.DISK.insert(disk, "source"));
        LOCATION_ATTRIBUTES.forEach(source::removeAttribute);
        List.copyOf(source.getChildren()).stream()
                .filter(child -> LOCATION_CHILDREN.contains(child.getName()))
                .forEach(child -> Elements.remove(child, source));
        source.setAttribute("dev", dev);
        // Disk-level <auth> is the old network location's credentials; the chain is now flat.
        Stream.of("auth", "backingStore")
                .flatMap(name -> List.copyOf(disk.getChildren(name)).stream())
                .forEach(stale -> Elements.remove(stale, disk));
    }

    /** Drops a qcow2's external data file ({@code <dataStore>}); returns the names of what went. */
    List<String> dropDataStore() {
        return element()
                .map(source -> removeChildren(disk, source, "dataStore"))
                .orElse(List.of());
    }

    /** Removes {@code parent}'s children called {@code name}, pruning up to {@code disk}; returns their names. */
    static List<String> removeChildren(Element disk, Element parent, String name) {
        List<Element> children = List.copyOf(parent.getChildren(name));
        children.forEach(child -> Elements.remove(child, disk));
        return children.stream().map(Element::getName).toList();
    }

    private static Optional<String> pathOf(Element source) {
        return Stream.of("file", "dev", "dir")
                .map(source::getAttributeValue)
                .filter(Objects::nonNull)
                .findFirst();
    }
}
