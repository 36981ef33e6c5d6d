package io.virttune.recipe;

import java.util.Optional;

/**
 * Whether an operator's {@code io='io_uring'} may stay on a disk: on an LVM thin volume or a file,
 * with Linux 5.13, QEMU 5.0 and libvirt 6.3 or later, it stays; elsewhere it becomes native, with
 * the reason (docs/plan.md, "io_uring").
 */
public final class IoUringRule {
    private final Optional<String> hostHoldsBack;
    private final String stack;

    private IoUringRule(Optional<String> hostHoldsBack, String stack) {
        this.hostHoldsBack = hostHoldsBack;
        this.stack = stack;
    }

    /**
     * The host's part of the rule. Linux 5.13 is LXD's floor, set after guests on LVM hung at boot
     * with io_uring on older kernels (lxd#10061); QEMU 5.0 brought io_uring and libvirt 6.3 its
     * {@code io='io_uring'} (CloudStack's gate, cloudstack#5012). A version not read holds it back.
     */
    public static IoUringRule of(Optional<String> kernelRelease, String libvirtVersion, String hypervisorVersion) {
        Optional<StackVersion> kernel = kernelRelease.flatMap(StackVersion::kernel);
        Optional<StackVersion> qemu = StackVersion.qemu(hypervisorVersion);
        Optional<StackVersion> libvirt = StackVersion.libvirt(libvirtVersion);
        Optional<String> holdsBack;
        if (kernel.isEmpty()) {
            holdsBack = Optional.of("the host kernel's version was not read, and guests hung on io_uring before Linux"
                    + " 5.13 (LXD's floor)");
        } else if (!kernel.get().atLeast(5, 13)) {
            holdsBack =
                    Optional.of("Linux " + kernel.get() + " < 5.13: guests hung on io_uring before it (LXD's floor)");
        } else if (qemu.isEmpty()) {
            holdsBack = Optional.of("QEMU's version was not read (io_uring came with QEMU 5.0)");
        } else if (!qemu.get().atLeast(5, 0)) {
            holdsBack = Optional.of("QEMU " + qemu.get() + " < 5.0, which brought io_uring");
        } else if (libvirt.isEmpty()) {
            holdsBack = Optional.of("libvirt's version was not read (io='io_uring' came with libvirt 6.3)");
        } else if (!libvirt.get().atLeast(6, 3)) {
            holdsBack = Optional.of("libvirt " + libvirt.get() + " < 6.3, which brought io='io_uring'");
        } else {
            holdsBack = Optional.empty();
        }
        return new IoUringRule(
                holdsBack,
                "Linux " + kernel.orElse(null) + ", QEMU " + qemu.orElse(null) + ", libvirt " + libvirt.orElse(null));
    }

    /** Why this host's kernel, QEMU or libvirt hold io_uring back on any storage; empty when they do not. */
    public Optional<String> hostHoldsBack() {
        return hostHoldsBack;
    }

    /** The io mode a disk on this storage gets for an operator's io_uring, with the reason. */
    Setting<IoMode> judge(DiskStorage storage, CacheMode cache) {
        Optional<String> against = switch (storage) {
            case THICK_LV ->
                Optional.of("Proxmox turned io_uring off on thick LVM after guests hung there (its bug 4525)");
            case OTHER ->
                Optional.of("io_uring stays only on LVM thin volumes and files, where Proxmox and LXD run it"
                        + " by default");
            case THIN_LV, FILE -> hostHoldsBack;
        };
        if (against.isEmpty()) {
            return new Setting<>(
                    IoMode.IO_URING,
                    IoMode.IO_URING,
                    "io_uring kept on " + storage.words() + " with " + stack + " (Proxmox's default there)");
        }
        IoMode wanted = DiskRecipe.ioFor(cache);
        return new Setting<>(
                IoMode.IO_URING,
                wanted,
                against.get() + ": use io=" + wanted.xml()
                        + (cache.direct() ? " with cache=" + cache.xml() : " with cache=writeback"));
    }
}
