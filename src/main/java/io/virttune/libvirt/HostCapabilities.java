package io.virttune.libvirt;

import io.virttune.xml.SafeXml;
import java.util.Optional;
import org.jdom2.Element;

/** What virt-tune reads from libvirt's capabilities XML: the host's UUID ({@code <host><uuid>}). */
public final class HostCapabilities {
    private HostCapabilities() {}

    /** The host's UUID, or empty when the driver reports none (libvirt's test driver, for one). */
    public static Optional<String> hostUuid(String capabilitiesXml) {
        Element host = SafeXml.parse(capabilitiesXml, "libvirt's capabilities")
                .getRootElement()
                .getChild("host");
        return Optional.ofNullable(host).map(h -> h.getChildTextTrim("uuid")).filter(uuid -> !uuid.isEmpty());
    }
}
