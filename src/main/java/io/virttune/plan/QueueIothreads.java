package io.virttune.plan;

import io.virttune.recipe.StackVersion;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Whether this host can spread a virtio-blk disk's queues over several IOThreads ({@code <driver
 * queues='N'><iothreads>}, libvirt's {@code iothread-vq-mapping}): libvirt 10.0 and QEMU 9.0 or
 * later (libvirt's formatdomain, "iothreads" sub-element of a disk's driver), with the reason in
 * words either way; and the host's online CPUs, which bound the pool (empty when not read).
 */
record QueueIothreads(boolean available, String reason, OptionalInt hostCpus) {
    static QueueIothreads of(String libvirtVersion, String hypervisorVersion, OptionalInt hostCpus) {
        Optional<StackVersion> libvirt = StackVersion.libvirt(libvirtVersion);
        if (libvirt.isEmpty()) {
            return new QueueIothreads(false, "libvirt's version is not known", hostCpus);
        }
        if (!libvirt.get().atLeast(10, 0)) {
            return new QueueIothreads(false, "libvirt " + libvirtVersion + " < 10.0", hostCpus);
        }
        Optional<StackVersion> qemu = StackVersion.qemu(hypervisorVersion);
        if (qemu.isEmpty()) {
            return new QueueIothreads(false, "hypervisor '" + hypervisorVersion + "' is not QEMU", hostCpus);
        }
        if (!qemu.get().atLeast(9, 0)) {
            return new QueueIothreads(false, hypervisorVersion + " < 9.0", hostCpus);
        }
        return new QueueIothreads(true, "libvirt " + libvirtVersion + ", " + hypervisorVersion, hostCpus);
    }
}
