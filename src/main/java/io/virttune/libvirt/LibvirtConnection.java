package io.virttune.libvirt;

import java.util.Optional;

/** The libvirt facts and operations virt-tune uses, behind one interface so the core stays pure. */
public interface LibvirtConnection extends AutoCloseable {

  /** The URI this connection was opened with, for messages. */
  String uri();

  String hostname();

  /** The libvirt library version of the connected daemon, like {@code 9.0.0}. */
  String libvirtVersion();

  /** The hypervisor's type and version, like {@code QEMU 7.2.0}. */
  String hypervisorVersion();

  /** Every domain, running or not; one unreadable domain does not hide the others. */
  DomainInventory domains();

  /** The storage volume whose target is this path, when a pool holds it. */
  Optional<StorageVolumeFacts> volumeByPath(String path);

  @Override
  void close();
}
