package io.virttune.libvirt;

import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.Pointer;

/** virConnectGetDomainCapabilities of libvirt.so.0, which libvirt-java 0.5.2 does not bind (libvirt-host.h). */
interface DomainCapabilitiesLibrary extends Library {
    /** The same library libvirt-java loaded, so both see the same connections. */
    DomainCapabilitiesLibrary INSTANCE = Native.load("virt", DomainCapabilitiesLibrary.class);

    /** The capabilities XML, to be freed by the caller; null on error. Null arguments take libvirt's defaults. */
    Pointer virConnectGetDomainCapabilities(
            Pointer connection, String emulatorbin, String arch, String machine, String virttype, int flags);

    /** The calling thread's last libvirt error message (never null). */
    String virGetLastErrorMessage();

    /** The calling thread's last virError, whose first field is its code; null when there is none. */
    Pointer virGetLastError();

    /** VIR_ERR_NO_SUPPORT: the connection's driver has no such function (libvirt's test driver). */
    int NO_SUPPORT = 3;
}
