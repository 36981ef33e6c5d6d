package io.virttune.blockjob;

import java.util.ArrayList;
import java.util.List;

/**
 * How one live block copy runs: its bandwidth cap, QEMU's copy granularity and buffer, and
 * whether guest writes are mirrored synchronously; turned into libvirt's flags and typed
 * parameters for virDomainBlockCopy.
 *
 * @param bandwidthBytesPerSecond the copy's cap, 0 for none
 * @param granularityBytes the dirty-bitmap granularity, a power of two from 512 B to 64 MiB; 0
 *     for QEMU's choice (the target's cluster size, 64 KiB for a raw block device)
 * @param bufferBytes how much the copy has in flight, 0 for QEMU's default
 * @param synchronousWrites each guest write reaches the LV before the guest sees it complete
 *     (libvirt 8.0 and later): the job converges whatever the guest writes, at the cost of the
 *     guest's write latency
 * @param targetZeroed the caller certifies that the LV reads as zeros (libvirt 12.2 and QEMU 10.1
 *     and later): the mirror writes only the source's data, never its zeros
 */
public record BlockCopySettings(
        long bandwidthBytesPerSecond,
        int granularityBytes,
        long bufferBytes,
        boolean synchronousWrites,
        boolean targetZeroed) {
    /** VIR_DOMAIN_BLOCK_COPY_REUSE_EXT: the LV exists already (virt-tune created it); never create or format it. */
    static final int REUSE_EXT = 2;
    /** VIR_DOMAIN_BLOCK_COPY_TRANSIENT_JOB: libvirt refuses a copy of a persistent domain without it. */
    static final int TRANSIENT_JOB = 4;
    /** VIR_DOMAIN_BLOCK_COPY_SYNCHRONOUS_WRITES (libvirt 8.0): QEMU's mirror copy-mode write-blocking. */
    static final int SYNCHRONOUS_WRITES = 8;
    /** VIR_DOMAIN_BLOCK_COPY_TARGET_ZEROED (libvirt 12.2): QEMU's blockdev-mirror target-is-zero. */
    static final int TARGET_ZEROED = 16;

    /** VIR_DOMAIN_BLOCK_COPY_BANDWIDTH, an unsigned long long in bytes per second. */
    static final String BANDWIDTH = "bandwidth";
    /** VIR_DOMAIN_BLOCK_COPY_GRANULARITY, an unsigned int in bytes. */
    static final String GRANULARITY = "granularity";
    /** VIR_DOMAIN_BLOCK_COPY_BUF_SIZE, an unsigned long long in bytes. */
    static final String BUF_SIZE = "buf-size";

    /** No cap, QEMU's defaults, asynchronous mirroring: what a quiet guest needs. */
    public static final BlockCopySettings DEFAULTS = new BlockCopySettings(0, 0, 0, false, false);

    public BlockCopySettings {
        if (bandwidthBytesPerSecond < 0 || bufferBytes < 0) {
            throw new IllegalArgumentException("bandwidth and buffer must not be negative");
        }
        if (granularityBytes != 0
                && (Integer.bitCount(granularityBytes) != 1 || granularityBytes < 512 || granularityBytes > 64 << 20)) {
            throw new IllegalArgumentException(
                    "granularity must be a power of two from 512 B to 64 MiB, not " + granularityBytes);
        }
    }

    /** The same settings with a bandwidth cap in bytes per second. */
    public BlockCopySettings withBandwidth(long bytesPerSecond) {
        return new BlockCopySettings(bytesPerSecond, granularityBytes, bufferBytes, synchronousWrites, targetZeroed);
    }

    /** The same settings with guest writes mirrored synchronously. */
    public BlockCopySettings withSynchronousWrites() {
        return new BlockCopySettings(bandwidthBytesPerSecond, granularityBytes, bufferBytes, true, targetZeroed);
    }

    /** The same settings onto an LV the caller certifies reads as zeros. */
    public BlockCopySettings withTargetZeroed() {
        return new BlockCopySettings(bandwidthBytesPerSecond, granularityBytes, bufferBytes, synchronousWrites, true);
    }

    /** The flags of virDomainBlockCopy. */
    int flags() {
        return REUSE_EXT
                | TRANSIENT_JOB
                | (synchronousWrites ? SYNCHRONOUS_WRITES : 0)
                | (targetZeroed ? TARGET_ZEROED : 0);
    }

    /** The typed parameters of virDomainBlockCopy: only those set, so libvirt keeps its defaults for the rest. */
    List<TypedParameter> parameters() {
        List<TypedParameter> parameters = new ArrayList<>();
        if (bandwidthBytesPerSecond > 0) {
            parameters.add(TypedParameter.unsignedLong(BANDWIDTH, bandwidthBytesPerSecond));
        }
        if (granularityBytes > 0) {
            parameters.add(TypedParameter.unsignedInt(GRANULARITY, granularityBytes));
        }
        if (bufferBytes > 0) {
            parameters.add(TypedParameter.unsignedLong(BUF_SIZE, bufferBytes));
        }
        return parameters;
    }

    /** One virTypedParameter: a name, libvirt's type for it, and its value. */
    record TypedParameter(String name, boolean unsignedInt, long value) {
        static TypedParameter unsignedInt(String name, int value) {
            return new TypedParameter(name, true, value);
        }

        static TypedParameter unsignedLong(String name, long value) {
            return new TypedParameter(name, false, value);
        }
    }
}
