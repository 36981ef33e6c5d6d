package io.virttune.libvirt;

import com.sun.jna.Native;
import com.sun.jna.Pointer;
import io.virttune.VirtTuneException;
import java.util.Optional;
import org.libvirt.Connect;

/**
 * Asks libvirt for domain capabilities through JNA (libvirt-java 0.5.2 has no binding).
 */
final class DomainCapabilitiesReader {
    private final String uri;
    private final Connect writable;

    /** @param writable the connection when it is read-write, else null: libvirt refuses the call read-only */
    DomainCapabilitiesReader(String uri, Connect writable) {
        this.uri = uri;
        this.writable = writable;
    }

    /** The XML; empty where the driver has none (libvirt's test driver); fails with libvirt's reason. */
    Optional<String> read(EmulatorQuery query) {
        if (writable == null) {
            throw VirtTuneException.failed("libvirt gives domain capabilities only over a read-write connection, and"
                    + " this one to " + uri + " is read-only");
        }
        Pointer connection = NativeHandles.of(writable, Connect.class, "vcp", "the connection to " + uri);
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
}
