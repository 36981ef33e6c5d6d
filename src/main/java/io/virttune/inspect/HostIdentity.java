package io.virttune.inspect;

/** Which host was read, through which URI, running which libvirt and hypervisor versions. */
public record HostIdentity(String uri, String hostname, String libvirtVersion, String hypervisorVersion) {}
