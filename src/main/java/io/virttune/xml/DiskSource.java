package io.virttune.xml;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.jdom2.Element;

/** Where a {@code <disk>}'s data is: its {@code <source>} and backing chain, declared and repointed. */
final class DiskSource {
    /** file, block, network, volume, dir, nvme or vhostuser; libvirt's default is file. */
    static final XmlProperty<String> TYPE = XmlProperty.string("@type");

    static final XmlProperty<String> PROTOCOL = XmlProperty.string("source/@protocol");
    static final XmlProperty<String> NAME = XmlProperty.string("source/@name");
    static final XmlProperty<String> POOL = XmlProperty.string("source/@pool");
    static final XmlProperty<String> VOLUME = XmlProperty.string("source/@volume");
    static final XmlProperty<String> DEV = XmlProperty.string("source/@dev");
    /** A file descriptor the management application passes ({@code fdgroup}, libvirt 9.0). */
    static final XmlProperty<String> FDGROUP = XmlProperty.string("source/@fdgroup");

    static final XmlPath ENCRYPTION = XmlPath.of("source/encryption");
    /** A qcow2's external data file. */
    static final XmlPath DATA_STORE = XmlPath.of("source/dataStore");

    private static final XmlPath SOURCE = XmlPath.of("source");
    /** Disk-level {@code <auth>}: the credentials of a network location. */
    private static final XmlPath AUTH = XmlPath.of("auth");

    private static final XmlPath BACKING_STORE = XmlPath.of("backingStore");

    /** The attributes of a {@code <source>} (the disk's or a backing store's) that hold a host path. */
    private static final List<XmlProperty<String>> PATH_ATTRIBUTES =
            Stream.of("@file", "@dev", "@dir").map(XmlProperty::string).toList();

    private static final XmlProperty<String> SOURCE_NAME = XmlProperty.string("@name");
    private static final XmlProperty<String> STORE_TYPE = XmlProperty.string("@type");

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

    private DiskSource() {}

    /** The host path of a file, block or dir source. */
    static Optional<String> path(Element disk) {
        return SOURCE.find(disk).flatMap(DiskSource::pathOf);
    }

    /**
     * The backing chain below the top image, nearest first: each entry's path, or its network
     * name, or its type when it has neither. The empty {@code <backingStore/>} that ends a
     * chain is not an entry.
     */
    static List<String> backingStores(Element disk) {
        List<String> chain = new ArrayList<>();
        Optional<Element> store = BACKING_STORE.find(disk);
        while (store.isPresent() && !store.get().getAttributes().isEmpty()) {
            String type = STORE_TYPE.get(store.get()).orElse("file");
            chain.add(SOURCE.find(store.get())
                    .flatMap(source -> pathOf(source).or(() -> SOURCE_NAME.get(source)))
                    .orElse(type));
            store = BACKING_STORE.find(store.get());
        }
        return chain;
    }

    /**
     * Points the disk at a block device: type='block' and {@code <source dev=...>}, keeping
     * source children such as seclabel; the backing chain goes because the new disk is flat.
     */
    static void pointAtBlockDevice(Element disk, String dev) {
        TYPE.set(disk, "block");
        Element source = SOURCE.findOrCreate(disk);
        // Not pruned one by one: the source keeps its dev, set next.
        LOCATION_ATTRIBUTES.forEach(source::removeAttribute);
        List.copyOf(source.getChildren()).stream()
                .filter(child -> LOCATION_CHILDREN.contains(child.getName()))
                .forEach(child -> Elements.remove(child, source));
        DEV.set(disk, dev);
        // Disk-level <auth> is the old network location's credentials; the chain is now flat.
        Stream.of(AUTH, BACKING_STORE).forEach(stale -> stale.removeAll(disk));
    }

    /** Drops a qcow2's external data file ({@code <dataStore>}); returns the names of what went. */
    static List<String> dropDataStore(Element disk) {
        return DATA_STORE.removeAll(disk).stream().map(Element::getName).toList();
    }

    private static Optional<String> pathOf(Element source) {
        return PATH_ATTRIBUTES.stream()
                .flatMap(attribute -> attribute.get(source).stream())
                .findFirst();
    }
}
