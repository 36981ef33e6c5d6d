package io.virttune.libvirt;

import io.virttune.xml.SafeXml;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.jdom2.Element;
import org.libvirt.Connect;
import org.libvirt.LibvirtException;

/**
 * The volumes of a host's active storage pools by path, listed once: two libvirt calls a volume
 * (its lookup and its XML) instead of the six a lookup by path takes, which on a host with
 * hundreds of images is most of the time spent in libvirt.
 */
final class PoolVolumes {
    private PoolVolumes() {}

    /**
     * Every volume that the active pools list, with the first pool's where two name one path (as a
     * lookup by path answers); a pool that cannot list its volumes, or a volume whose XML says less
     * than a lookup would, is left out, to be looked up by its path.
     */
    static Map<String, StorageVolumeFacts> list(Connect connect) {
        Map<String, StorageVolumeFacts> byPath = new HashMap<>();
        try {
            for (String name : connect.listStoragePools()) {
                addPool(connect, name, byPath);
            }
        } catch (LibvirtException e) {
            // Listing no pool leaves every image to its lookup by path, which reports what is wrong.
        }
        return byPath;
    }

    private static void addPool(Connect connect, String name, Map<String, StorageVolumeFacts> byPath) {
        try {
            Held.run(connect.storagePoolLookupByName(name), pool -> {
                for (String volume : pool.listVolumes()) {
                    facts(name, Held.call(pool.storageVolLookupByName(volume), held -> held.getXMLDesc(0)))
                            .ifPresent(facts -> byPath.putIfAbsent(facts.path(), facts));
                }
            });
        } catch (LibvirtException e) {
            // A pool stopped or a volume deleted since the listing: its images are looked up by path.
        }
    }

    /** The facts a lookup by path reads, from the volume's XML; empty when it lacks one of them. */
    static Optional<StorageVolumeFacts> facts(String pool, String xml) {
        Element volume =
                SafeXml.parse(xml, "a storage volume of pool '" + pool + "'").getRootElement();
        Element target = volume.getChild("target");
        Optional<Long> capacity = bytes(volume.getChild("capacity"));
        Optional<Long> allocation = bytes(volume.getChild("allocation"));
        if (target == null
                || target.getChildText("path") == null
                || volume.getChildText("name") == null
                || capacity.isEmpty()
                || allocation.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new StorageVolumeFacts(
                target.getChildText("path"), pool, volume.getChildText("name"), xml, capacity.get(), allocation.get()));
    }

    /** libvirt writes a volume's sizes in bytes; any other unit is left to the lookup's figures. */
    private static Optional<Long> bytes(Element size) {
        if (size == null || !"bytes".equals(size.getAttributeValue("unit"))) {
            return Optional.empty();
        }
        try {
            return Optional.of(Long.parseLong(size.getTextTrim()));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }
}
