package io.virttune.blockjob;

import com.sun.jna.NativeLong;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.PointerByReference;
import io.virttune.VirtTuneException;
import io.virttune.blockjob.BlockCopySettings.TypedParameter;
import io.virttune.libvirt.DiskWrites;
import io.virttune.libvirt.Held;
import io.virttune.libvirt.LibvirtCalls;
import io.virttune.libvirt.LibvirtJavaConnection;
import io.virttune.libvirt.LibvirtVersions;
import io.virttune.libvirt.NativeHandles;
import java.lang.ref.Reference;
import java.util.Optional;
import java.util.function.ToIntFunction;
import org.libvirt.Connect;
import org.libvirt.Domain;
import org.libvirt.LibvirtException;

/**
 * {@link BlockJobs} through JNA on the virDomainPtr of a libvirt-java {@link Domain}, which it
 * keeps referenced and holds through each call ({@link Held}): libvirt-java frees the pointer
 * when the Domain is collected.
 */
public final class JnaBlockJobs implements BlockJobs {
    private final Domain handle;
    private final String domain;
    private final Pointer pointer;
    private final LibvirtBlockJobLibrary libvirt;

    /** The block-job calls on one domain of a read-write {@code connection}; they work while it is open. */
    public static BlockJobs on(LibvirtJavaConnection connection, String domain) {
        return new JnaBlockJobs(connection.domainHandle(domain), domain);
    }

    JnaBlockJobs(Domain handle, String domain) {
        this(handle, domain, LibvirtBlockJobLibrary.INSTANCE);
    }

    JnaBlockJobs(Domain handle, String domain, LibvirtBlockJobLibrary libvirt) {
        this.handle = handle;
        this.domain = domain;
        this.pointer = NativeHandles.of(handle, Domain.class, "vdp", "domain '" + domain + "'");
        this.libvirt = libvirt;
    }

    @Override
    public String domain() {
        return domain;
    }

    @Override
    public String libvirtVersion() {
        return LibvirtVersions.decode(read(Connect::getLibVersion, "the libvirt version"));
    }

    @Override
    public String hypervisorVersion() {
        return LibvirtVersions.hypervisor(
                read(Connect::getType, "the hypervisor type"), read(Connect::getVersion, "the hypervisor version"));
    }

    /** {@code read} of the domain's connection, which the domain holds. */
    private <T> T read(Held.Call<Connect, T> read, String what) {
        try {
            return Held.call(handle, held -> read.call(held.getConnect()));
        } catch (LibvirtException e) {
            throw VirtTuneException.failed(
                    "cannot read " + what + " of the connection to domain '" + domain + "': " + LibvirtCalls.message(e),
                    e);
        }
    }

    @Override
    public void copy(String disk, String destinationXml, BlockCopySettings settings) {
        PointerByReference params = new PointerByReference();
        IntByReference count = new IntByReference(0);
        IntByReference capacity = new IntByReference(0);
        try {
            for (TypedParameter parameter : settings.parameters()) {
                int added = parameter.unsignedInt()
                        ? libvirt.virTypedParamsAddUInt(
                                params, count, capacity, parameter.name(), (int) parameter.value())
                        : libvirt.virTypedParamsAddULLong(params, count, capacity, parameter.name(), parameter.value());
                check(added, "set " + parameter.name() + " of the block copy of", disk);
            }
            check(
                    nativeCall(vdp -> libvirt.virDomainBlockCopy(
                            vdp, disk, destinationXml, params.getValue(), count.getValue(), settings.flags())),
                    "start the block copy of",
                    disk);
        } finally {
            if (params.getValue() != null) {
                libvirt.virTypedParamsFree(params.getValue(), count.getValue());
            }
        }
    }

    @Override
    public Optional<BlockJobProgress> progress(String disk) {
        LibvirtBlockJobLibrary.BlockJobInfo info = new LibvirtBlockJobLibrary.BlockJobInfo();
        int found = check(
                nativeCall(vdp -> libvirt.virDomainGetBlockJobInfo(vdp, disk, info, 0)), "read the block job of", disk);
        return found == 0 ? Optional.empty() : Optional.of(new BlockJobProgress(info.cur, info.end));
    }

    @Override
    public void abort(String disk, boolean pivot) {
        check(
                nativeCall(vdp ->
                        libvirt.virDomainBlockJobAbort(vdp, disk, pivot ? LibvirtBlockJobLibrary.ABORT_PIVOT : 0)),
                pivot ? "pivot the block copy of" : "abort the block job of",
                disk);
    }

    @Override
    public void setSpeed(String disk, long bytesPerSecond) {
        check(
                nativeCall(vdp -> libvirt.virDomainBlockJobSetSpeed(
                        vdp, disk, new NativeLong(bytesPerSecond), LibvirtBlockJobLibrary.SPEED_BANDWIDTH_BYTES)),
                "set the speed of the block job of",
                disk);
    }

    @Override
    public boolean running() {
        try {
            return Held.call(handle, Domain::isActive) == 1;
        } catch (LibvirtException e) {
            throw VirtTuneException.failed(
                    "cannot tell whether domain '" + domain + "' runs: " + LibvirtCalls.message(e), e);
        }
    }

    @Override
    public long capacityBytes(String disk) {
        try {
            return Held.call(handle, held -> held.blockInfo(disk).getCapacity());
        } catch (LibvirtException e) {
            throw VirtTuneException.failed(
                    "cannot read the size of disk " + disk + " of domain '" + domain + "': " + LibvirtCalls.message(e),
                    e);
        }
    }

    @Override
    public DiskWrites writes(String disk) {
        try {
            return DiskWrites.of(Held.call(handle, held -> held.blockStats(disk)));
        } catch (LibvirtException e) {
            throw VirtTuneException.failed(
                    "cannot read the writes of disk " + disk + " of domain '" + domain + "': "
                            + LibvirtCalls.message(e),
                    e);
        }
    }

    @Override
    public Optional<PauseReason> pausedFor() {
        IntByReference state = new IntByReference();
        IntByReference reason = new IntByReference();
        int read = nativeCall(vdp -> libvirt.virDomainGetState(vdp, state, reason, 0));
        if (read < 0) {
            throw VirtTuneException.failed(
                    "cannot read the state of domain '" + domain + "': " + libvirt.virGetLastErrorMessage());
        }
        return state.getValue() == LibvirtBlockJobLibrary.STATE_PAUSED
                ? Optional.of(PauseReason.of(reason.getValue()))
                : Optional.empty();
    }

    @Override
    public void pause() {
        act(Domain::suspend, "pause");
    }

    @Override
    public void resume() {
        act(Domain::resume, "resume");
    }

    private void act(Held.Run<Domain> change, String verb) {
        try {
            Held.run(handle, change);
        } catch (LibvirtException e) {
            throw VirtTuneException.failed(
                    "cannot " + verb + " domain '" + domain + "': " + LibvirtCalls.message(e), e);
        }
    }

    @Override
    public String liveXml() {
        return xml(0, "live");
    }

    @Override
    public String inactiveXml() {
        return xml(LibvirtCalls.XML_INACTIVE, "persistent");
    }

    private String xml(int flags, String which) {
        try {
            return Held.call(handle, held -> held.getXMLDesc(flags));
        } catch (LibvirtException e) {
            throw VirtTuneException.failed(
                    "cannot read the " + which + " definition of domain '" + domain + "': " + LibvirtCalls.message(e),
                    e);
        }
    }

    /**
     * {@code call} on {@link #pointer}, with {@link #handle} held until it returns: the pointer is
     * the handle's, which libvirt-java frees once the handle is collected.
     */
    private int nativeCall(ToIntFunction<Pointer> call) {
        try {
            return call.applyAsInt(pointer);
        } finally {
            Reference.reachabilityFence(handle);
        }
    }

    /** {@code result} of a native call, which libvirt's last error explains where it is negative. */
    private int check(int result, String what, String disk) {
        if (result < 0) {
            throw VirtTuneException.failed("cannot " + what + " disk '" + disk + "' of domain '" + domain + "': "
                    + libvirt.virGetLastErrorMessage());
        }
        return result;
    }
}
