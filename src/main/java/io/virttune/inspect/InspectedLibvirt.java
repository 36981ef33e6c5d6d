package io.virttune.inspect;

import io.virttune.libvirt.LibvirtConnection;
import java.util.Optional;

/**
 * The connection an inspection reads through, as it was opened.
 *
 * @param readOnly whether libvirt opened it read-only: it then gives no domain capabilities and
 *     reaches no guest agent
 * @param readWriteRefused why libvirt would not open it read-write, when the inspection asked for
 *     that and got a read-only one instead
 */
record InspectedLibvirt<C extends LibvirtConnection>(C libvirt, boolean readOnly, Optional<String> readWriteRefused) {

    /** A connection the caller opened, whatever its kind: everything is asked of it. */
    static <C extends LibvirtConnection> InspectedLibvirt<C> given(C libvirt) {
        return new InspectedLibvirt<>(libvirt, false, Optional.empty());
    }
}
