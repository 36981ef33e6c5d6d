package io.virttune.libvirt;

import io.virttune.VirtTuneException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The libvirt facts and operations virt-tune uses, behind one interface so the core stays pure. */
public interface LibvirtConnection extends AutoCloseable {

    /**
     * Every domain's persistent definition and each running domain's live one. A domain that
     * cannot be read fails the call: what it uses is then unknown.
     */
    default List<String> allDefinitions() {
        DomainInventory inventory = domains();
        if (!inventory.failures().isEmpty()) {
            throw VirtTuneException.refused(
                    "some domains could not be read, so it is unknown what they use: " + inventory.failures());
        }
        List<String> definitions = new ArrayList<>();
        for (DomainRecord record : inventory.domains()) {
            definitions.add(record.inactiveXml());
            if (!record.state().isShutOff()) {
                definitions.add(liveXml(record.name()));
            }
        }
        return definitions;
    }

    /** The URI this connection was opened with, for messages. */
    String uri();

    String hostname();

    /** The host's UUID from libvirt's capabilities ({@code <host><uuid>}), empty when it reports none. */
    default Optional<String> hostUuid() {
        return Optional.empty();
    }

    /**
     * libvirt's domain capabilities XML for the emulator {@code query} names ({@code virsh
     * domcapabilities}); empty where the connection's driver has none (libvirt's test driver, a fake);
     * fails with libvirt's reason,
     * like a KVM query on a host without KVM.
     */
    default Optional<String> domainCapabilities(EmulatorQuery query) {
        return Optional.empty();
    }

    /** The libvirt library version of the connected daemon, like {@code 9.0.0}. */
    String libvirtVersion();

    /** The hypervisor's type and version, like {@code QEMU 7.2.0}. */
    String hypervisorVersion();

    /** Every domain, running or not; one unreadable domain does not hide the others. */
    DomainInventory domains();

    /** The storage volume whose target is this path, when a pool holds it. */
    Optional<StorageVolumeFacts> volumeByPath(String path);

    /**
     * The path of volume {@code volume} in pool {@code pool} (what a {@code type='volume'} disk
     * names), or empty when there is no such pool or volume; fails when the pool cannot tell (not
     * active, say).
     */
    Optional<String> volumePath(String pool, String volume);

    /** The live definition of a running domain: what QEMU was started with, and hot-plugged disks. */
    String liveXml(String domain);

    @Override
    void close();
}
