package io.virttune.libvirt;

import io.virttune.VirtTuneException;
import java.util.Optional;
import org.libvirt.Connect;
import org.libvirt.DomainInfo;
import org.libvirt.Error.ErrorNumber;
import org.libvirt.LibvirtException;
import org.libvirt.StorageVol;
import org.libvirt.jna.Libvirt;

/** What both libvirt-java adapters share: turning libvirt's states and errors into virt-tune's. */
public final class LibvirtCalls {
    /** VIR_DOMAIN_XML_SECURE: include passwords, as a backup must to restore exactly. */
    static final int XML_SECURE = 1;
    /** VIR_DOMAIN_XML_INACTIVE: the persistent definition, which is what a redefine replaces. */
    public static final int XML_INACTIVE = 2;

    /**
     * libvirt prints every error to stderr unless a handler is set; virt-tune reports errors itself,
     * in context. Held in a field because JNA callbacks must stay reachable.
     */
    private static final Libvirt.VirErrorCallback SILENT = (userData, error) -> {};

    static {
        try {
            Connect.setErrorCallback(SILENT);
        } catch (LibvirtException | UnsatisfiedLinkError e) {
            // Without the library nothing else works either; opening a connection reports that clearly.
        }
    }

    private LibvirtCalls() {}

    /** Installs the silent handler (by initialising this class) before the first connection. */
    public static void silenceDefaultErrorPrinting() {}

    static DomainState state(DomainInfo.DomainState state) {
        return switch (state) {
            case VIR_DOMAIN_RUNNING, VIR_DOMAIN_BLOCKED -> DomainState.RUNNING;
            case VIR_DOMAIN_PAUSED -> DomainState.PAUSED;
            case VIR_DOMAIN_SHUTOFF -> DomainState.SHUTOFF;
            default -> DomainState.OTHER;
        };
    }

    public static String message(LibvirtException e) {
        return e.getError() == null
                ? String.valueOf(e.getMessage())
                : e.getError().getMessage();
    }

    /** The path of a pool's volume; empty when libvirt knows no such pool or volume. */
    static Optional<String> volumePath(Connect connect, String uri, String pool, String volume) {
        try {
            return Optional.of(Held.call(
                    connect.storagePoolLookupByName(pool),
                    found -> Held.call(found.storageVolLookupByName(volume), StorageVol::getPath)));
        } catch (LibvirtException e) {
            ErrorNumber code = e.getError() == null ? null : e.getError().getCode();
            if (code == ErrorNumber.VIR_ERR_NO_STORAGE_POOL || code == ErrorNumber.VIR_ERR_NO_STORAGE_VOL) {
                return Optional.empty();
            }
            throw VirtTuneException.failed(
                    "cannot look up volume '" + volume + "' of storage pool '" + pool + "' on " + uri + ": "
                            + message(e),
                    e);
        }
    }
}
