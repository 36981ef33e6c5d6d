package io.virttune.libvirt;

import com.sun.jna.Native;
import com.sun.jna.Pointer;
import io.virttune.VirtTuneException;
import java.util.Optional;
import org.libvirt.Connect;
import org.libvirt.LibvirtException;

/**
 * Asks libvirt for domain capabilities through JNA (libvirt-java 0.5.2 has no binding).
 */
final class DomainCapabilitiesReader implements AutoCloseable {
    private final String uri;
    private final Connect shared;
    private Connect own;

    /** @param writable the caller's connection when it is read-write, else null */
    DomainCapabilitiesReader(String uri, Connect writable) {
        this.uri = uri;
        this.shared = writable;
    }

    /** The XML; empty where the driver has none (libvirt's test driver); fails with libvirt's reason. */
    Optional<String> read(EmulatorQuery query) {
        Pointer connection = NativeHandles.of(connection(), Connect.class, "vcp", "the connection to " + uri);
        Pointer xml = DomainCapabilitiesLibrary.INSTANCE.virConnectGetDomainCapabilities(
                connection, query.emulator(), query.arch(), query.machine(), query.virtType(), 0);
        if (xml == null) {
            Pointer error = DomainCapabilitiesLibrary.INSTANCE.virGetLastError();
            if (error != null && error.getInt(0) == DomainCapabilitiesLibrary.NO_SUPPORT) {
                return Optional.empty();
            }
            throw VirtTuneException.failed(DomainCapabilitiesLibrary.INSTANCE.virGetLastErrorMessage());
        }
        try {
            return Optional.of(xml.getString(0, "UTF-8"));
        } finally {
            Native.free(Pointer.nativeValue(xml));
        }
    }

    private Connect connection() {
        if (shared != null) {
            return shared;
        }
        if (own == null) {
            try {
                own = new Connect(uri, false);
            } catch (LibvirtException e) {
                throw VirtTuneException.failed(
                        "libvirt gives domain capabilities only over a read-write connection, and" + " opening one to "
                                + uri + " failed: " + LibvirtCalls.message(e),
                        e);
            }
        }
        return own;
    }

    @Override
    public void close() {
        if (own != null) {
            try {
                own.close();
            } catch (LibvirtException e) {
                // A connection libvirt already dropped has nothing left to release.
            }
        }
    }
}
