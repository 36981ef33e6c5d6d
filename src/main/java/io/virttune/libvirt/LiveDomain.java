package io.virttune.libvirt;

/**
 * A domain as it is right now, read for changing it: the definition as planning read it (for the
 * fingerprint) and with its secrets (what a backup must hold and a redefine must keep), and what
 * libvirt holds outside the definition that still names the old images: a managed-save image
 * (a "shut off" domain that resumes from memory) and snapshots; and whether it is persistent
 * (a transient domain exists only while it runs: defining XML for it makes it persistent).
 */
public record LiveDomain(
        String name,
        String uuid,
        DomainState state,
        String inactiveXml,
        String secureInactiveXml,
        boolean managedSave,
        int snapshots,
        boolean persistent) {}
