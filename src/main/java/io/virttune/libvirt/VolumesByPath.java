package io.virttune.libvirt;

import io.virttune.VirtTuneException;
import java.util.Map;
import java.util.Optional;
import org.libvirt.Connect;
import org.libvirt.Error.ErrorNumber;
import org.libvirt.LibvirtException;
import org.libvirt.StoragePool;
import org.libvirt.StorageVolInfo;

/** A connection's storage volumes found by path, the pools' volumes listed once at the first lookup. */
final class VolumesByPath {
    private final Connect connect;
    private final String uri;
    /** The pools' volumes by path, listed at the first lookup by path. */
    private Map<String, StorageVolumeFacts> poolVolumes;

    VolumesByPath(Connect connect, String uri) {
        this.connect = connect;
        this.uri = uri;
    }

    /**
     * The volume whose target is {@code path}, when a pool holds it; a path not among the listed
     * volumes (a volume created since, or a path libvirt spells otherwise) is looked up by itself.
     */
    Optional<StorageVolumeFacts> find(String path) {
        if (poolVolumes == null) {
            poolVolumes = PoolVolumes.list(connect);
        }
        StorageVolumeFacts listed = poolVolumes.get(path);
        return listed != null ? Optional.of(listed) : lookUp(path);
    }

    private Optional<StorageVolumeFacts> lookUp(String path) {
        try {
            return Held.call(connect.storageVolLookupByPath(path), volume -> {
                StorageVolInfo info = volume.getInfo();
                String pool = Held.call(volume.storagePoolLookupByVolume(), StoragePool::getName);
                return Optional.of(new StorageVolumeFacts(
                        path, pool, volume.getName(), volume.getXMLDesc(0), info.capacity, info.allocation));
            });
        } catch (LibvirtException e) {
            if (e.getError().getCode() == ErrorNumber.VIR_ERR_NO_STORAGE_VOL) {
                return Optional.empty();
            }
            throw VirtTuneException.failed(
                    "cannot look up the storage volume '" + path + "' on " + uri + ": " + LibvirtCalls.message(e), e);
        }
    }
}
