package io.virttune.libvirt;

/**
 * A connection as libvirt's client library opens it: the definitions it reads ({@link
 * LibvirtConnection}) and the running domains it reaches ({@link LiveDomains}; their guest agents
 * answer only over a connection opened read-write).
 */
public interface LibvirtSession extends LibvirtConnection, LiveDomains {}
