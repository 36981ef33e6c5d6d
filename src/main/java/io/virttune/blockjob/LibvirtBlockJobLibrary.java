package io.virttune.blockjob;

import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.NativeLong;
import com.sun.jna.Pointer;
import com.sun.jna.Structure;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.PointerByReference;

/**
 * The functions of libvirt.so.0 that virt-tune calls without libvirt-java, which has no binding
 * for them; declared as in libvirt-domain.h and virterror.h.
 */
interface LibvirtBlockJobLibrary extends Library {
    /** Loaded once; the same library libvirt-java already loaded, so both see the same connections. */
    LibvirtBlockJobLibrary INSTANCE = Native.load("virt", LibvirtBlockJobLibrary.class);

    /** VIR_DOMAIN_BLOCK_JOB_ABORT_PIVOT: end a ready copy by switching the guest to the copy. */
    int ABORT_PIVOT = 2;

    int virDomainBlockCopy(Pointer domain, String disk, String destxml, Pointer params, int nparams, int flags);

    int virDomainBlockJobAbort(Pointer domain, String disk, int flags);

    /** VIR_DOMAIN_BLOCK_JOB_SPEED_BANDWIDTH_BYTES: the bandwidth of virDomainBlockJobSetSpeed is in bytes/s, not MiB/s. */
    int SPEED_BANDWIDTH_BYTES = 1;

    int virDomainBlockJobSetSpeed(Pointer domain, String disk, NativeLong bandwidth, int flags);

    /** VIR_DOMAIN_PAUSED in virDomainState. */
    int STATE_PAUSED = 3;

    int virDomainGetState(Pointer domain, IntByReference state, IntByReference reason, int flags);

    /** Returns -1 on error, 0 when the disk has no job, 1 with {@code info} filled. */
    int virDomainGetBlockJobInfo(Pointer domain, String disk, BlockJobInfo info, int flags);

    int virTypedParamsAddUInt(
            PointerByReference params, IntByReference nparams, IntByReference maxparams, String name, int value);

    int virTypedParamsAddULLong(
            PointerByReference params, IntByReference nparams, IntByReference maxparams, String name, long value);

    void virTypedParamsFree(Pointer params, int nparams);

    /** The calling thread's last libvirt error message (never null; "no error" when there is none). */
    String virGetLastErrorMessage();

    /** virDomainBlockJobInfo. */
    @Structure.FieldOrder({"type", "bandwidth", "cur", "end"})
    final class BlockJobInfo extends Structure {
        public int type;
        public NativeLong bandwidth;
        public long cur;
        public long end;
    }
}
