package io.virttune.inspect;

import com.fasterxml.jackson.annotation.JsonIgnore;

/**
 * Which host was read, through which URI, running which libvirt and hypervisor versions; {@code
 * hostUuid} is libvirt's {@code <host><uuid>} (null when it reports none, or when planning offline).
 */
public record HostIdentity(
        String uri, String hostname, @JsonIgnore String hostUuid, String libvirtVersion, String hypervisorVersion) {

    /** A host whose UUID is not known. */
    public HostIdentity(String uri, String hostname, String libvirtVersion, String hypervisorVersion) {
        this(uri, hostname, null, libvirtVersion, hypervisorVersion);
    }

    /** True when the facts come from domain XML files ({@link DomainFiles}), not from a host. */
    public boolean offline() {
        return uri.startsWith(DomainFiles.URI_SCHEME);
    }
}
