package io.virttune.recipe;

import java.util.Optional;

/**
 * Whether a live copy's mirror can be told that a fresh thin LV reads as zeros, so that it writes
 * only the source's data (libvirt 12.2's VIR_DOMAIN_BLOCK_COPY_TARGET_ZEROED, QEMU 10.1's
 * {@code target-is-zero}): the one rule plan predicts by and apply passes the flag by.
 *
 * <p>A skipped zero must read as zero on the LV: a chunk the pool provisions for a partial write
 * keeps old bytes in the rest unless the pool zeroes new chunks, so a pool that does not ({@code
 * -Zn}), or one LVM says nothing of, never qualifies. Whether the LV is fresh (created by this
 * move, nothing copied onto it yet) is the caller's to know.
 */
public final class ZeroSkippingMirror {
    private ZeroSkippingMirror() {}

    /**
     * Why a mirror into a fresh LV, thin in {@code pool} (null for a linear LV), which zeroes new
     * chunks as {@code zeroing} says, on a stack of these libvirt and hypervisor versions, must write
     * the zeros too; empty where it may skip them.
     */
    public static Optional<String> whyNot(
            String pool, Optional<Boolean> zeroing, String libvirtVersion, String hypervisorVersion) {
        if (pool == null) {
            return Optional.of("a linear LV holds what its extents held before");
        }
        if (zeroing.isEmpty()) {
            return Optional.of("LVM does not say whether thin pool " + pool + " zeroes new chunks");
        }
        if (!zeroing.get()) {
            return Optional.of("thin pool " + pool + " does not zero new chunks (-Zn): a chunk the copy writes"
                    + " in part keeps old bytes in the rest");
        }
        if (StackVersion.libvirt(libvirtVersion).filter(v -> v.atLeast(12, 2)).isEmpty()) {
            return Optional.of("libvirt " + libvirtVersion + " has no VIR_DOMAIN_BLOCK_COPY_TARGET_ZEROED (12.2)");
        }
        if (StackVersion.qemu(hypervisorVersion).filter(v -> v.atLeast(10, 1)).isEmpty()) {
            return Optional.of(hypervisorVersion + " has no blockdev-mirror target-is-zero (QEMU 10.1)");
        }
        return Optional.empty();
    }
}
