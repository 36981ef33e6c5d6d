package io.virttune.libvirt;

/**
 * A domain as it is right now, read for changing it: the definition as planning read it (for the
 * fingerprint) and with its secrets (what a backup must hold and a redefine must keep).
 */
public record LiveDomain(String name, String uuid, DomainState state, String inactiveXml, String secureInactiveXml) {}
