package io.virttune.libvirt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.libvirt.Connect;
import org.libvirt.LibvirtException;
import org.libvirt.StoragePool;

/** The pools' volumes, listed once, against libvirt's own lookup by path (its test driver). */
class PoolVolumesTest {
    private static final String NODE =
            "test://" + Path.of("src/test/resources/libvirt/two-pools-node.xml").toAbsolutePath();

    @Test
    void everyListedVolumeHasTheFactsOfItsLookupByPath() throws LibvirtException {
        LibvirtCalls.silenceDefaultErrorPrinting();
        Connect connect = new Connect(NODE, true);
        try {
            Map<String, StorageVolumeFacts> listed = PoolVolumes.list(connect);

            assertEquals(3, listed.size(), listed.keySet().toString());
            for (String path : listed.keySet()) {
                // Held through the calls, as the code under test holds them (Held).
                StorageVolumeFacts expected = Held.call(
                        connect.storageVolLookupByPath(path),
                        volume -> new StorageVolumeFacts(
                                path,
                                Held.call(volume.storagePoolLookupByVolume(), StoragePool::getName),
                                volume.getName(),
                                volume.getXMLDesc(0),
                                volume.getInfo().capacity,
                                volume.getInfo().allocation));
                assertEquals(expected, listed.get(path));
            }
        } finally {
            connect.close();
        }
    }

    @Test
    void theConnectionAnswersFromTheListingAndLooksUpWhatItLacks() {
        try (LibvirtConnection connection = LibvirtJavaConnection.openReadOnly(NODE)) {
            assertEquals(
                    "fast",
                    connection.volumeByPath("/fast/cache.qcow2").orElseThrow().pool());
            assertEquals(
                    3000L << 20,
                    connection.volumeByPath("/images/web.qcow2").orElseThrow().allocationBytes());
            assertTrue(connection.volumeByPath("/images/base.qcow2").isEmpty());
        }
    }

    @Test
    void aVolumeWhoseSizesAreNotInBytesIsLeftToItsLookup() {
        String xml = "<volume><name>a</name><capacity unit='KiB'>1</capacity><allocation unit='bytes'>0</allocation>"
                + "<target><path>/images/a</path></target></volume>";

        assertEquals(Optional.empty(), PoolVolumes.facts("images", xml));
    }

    @Test
    void aVolumeWithoutAPathIsLeftOut() {
        String xml = "<volume><name>a</name><capacity unit='bytes'>1</capacity><allocation unit='bytes'>0</allocation>"
                + "<target><format type='raw'/></target></volume>";

        assertEquals(Optional.empty(), PoolVolumes.facts("images", xml));
    }
}
