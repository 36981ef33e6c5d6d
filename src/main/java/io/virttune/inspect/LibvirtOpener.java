package io.virttune.inspect;

import io.virttune.libvirt.LibvirtJavaConnection;
import io.virttune.libvirt.LibvirtSession;

/** Opens connections to libvirt: the client library's, or a test's that counts them. */
@FunctionalInterface
interface LibvirtOpener {
    /** {@link LibvirtJavaConnection}'s. */
    LibvirtOpener CLIENT_LIBRARY = (uri, readOnly) ->
            readOnly ? LibvirtJavaConnection.openReadOnly(uri) : LibvirtJavaConnection.openReadWrite(uri);

    /** A connection to {@code uri}; fails with a message that names the URI and the cause. */
    LibvirtSession open(String uri, boolean readOnly);
}
