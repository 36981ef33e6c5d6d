package io.virttune.libvirt;

import java.util.Optional;

/** The libvirt facts and operations virt-tune uses, behind one interface so the core stays pure. */
public interface LibvirtConnection extends AutoCloseable {

  /** The URI this connection was opened with, for messages. */
  String uri();

  String hostname();

  /** The host's UUID from libvirt's capabilities ({@code <host><uuid>}), empty when it reports none. */
  default Optional<String> hostUuid() {
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
