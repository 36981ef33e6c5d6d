package io.virttune.plan;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Whether this host can spread a virtio-blk disk's queues over several IOThreads ({@code <driver
 * queues='N'><iothreads>}, libvirt's {@code iothread-vq-mapping}): libvirt 10.0 and QEMU 9.0 or
 * later (libvirt's formatdomain, "iothreads" sub-element of a disk's driver), with the reason in
 * words either way.
 */
record QueueIothreads(boolean available, String reason) {
  private static final Pattern VERSION = Pattern.compile("(\\d+)\\.(\\d+)");
  private static final Pattern QEMU = Pattern.compile("QEMU (\\d+)\\.(\\d+)");

  static QueueIothreads of(String libvirtVersion, String hypervisorVersion) {
    Matcher libvirt = VERSION.matcher(libvirtVersion == null ? "" : libvirtVersion);
    if (!libvirt.lookingAt()) {
      return new QueueIothreads(false, "libvirt's version is not known");
    }
    if (!atLeast(libvirt, 10, 0)) {
      return new QueueIothreads(false, "libvirt " + libvirtVersion + " < 10.0");
    }
    Matcher qemu = QEMU.matcher(hypervisorVersion == null ? "" : hypervisorVersion);
    if (!qemu.lookingAt()) {
      return new QueueIothreads(false, "hypervisor '" + hypervisorVersion + "' is not QEMU");
    }
    if (!atLeast(qemu, 9, 0)) {
      return new QueueIothreads(false, hypervisorVersion + " < 9.0");
    }
    return new QueueIothreads(true, "libvirt " + libvirtVersion + ", " + hypervisorVersion);
  }

  private static boolean atLeast(Matcher version, int major, int minor) {
    int found = Integer.parseInt(version.group(1));
    return found > major || found == major && Integer.parseInt(version.group(2)) >= minor;
  }
}
