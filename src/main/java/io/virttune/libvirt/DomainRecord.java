package io.virttune.libvirt;

/** One domain as libvirt reported it: identity, state and its persistent (inactive) XML definition. */
public record DomainRecord(String name, String uuid, DomainState state, String inactiveXml) {}
