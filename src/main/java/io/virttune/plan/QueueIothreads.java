package io.virttune.plan;

import io.virttune.recipe.StackVersion;
import java.util.Optional;

/**
 * Whether this host can spread a virtio-blk disk's queues over several IOThreads ({@code <driver
 * queues='N'><iothreads>}, libvirt's {@code iothread-vq-mapping}): libvirt 10.0 and QEMU 9.0 or
 * later (libvirt's formatdomain, "iothreads" sub-element of a disk's driver), with the reason in
 * words either way.
 */
record QueueIothreads(boolean available, String reason) {
  static QueueIothreads of(String libvirtVersion, String hypervisorVersion) {
    Optional<StackVersion> libvirt = StackVersion.libvirt(libvirtVersion);
    if (libvirt.isEmpty()) {
      return new QueueIothreads(false, "libvirt's version is not known");
    }
    if (!libvirt.get().atLeast(10, 0)) {
      return new QueueIothreads(false, "libvirt " + libvirtVersion + " < 10.0");
    }
    Optional<StackVersion> qemu = StackVersion.qemu(hypervisorVersion);
    if (qemu.isEmpty()) {
      return new QueueIothreads(false, "hypervisor '" + hypervisorVersion + "' is not QEMU");
    }
    if (!qemu.get().atLeast(9, 0)) {
      return new QueueIothreads(false, hypervisorVersion + " < 9.0");
    }
    return new QueueIothreads(true, "libvirt " + libvirtVersion + ", " + hypervisorVersion);
  }
}
