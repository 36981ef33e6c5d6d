package io.virttune.libvirt;

/**
 * A domain as it is right now, read for changing it.
 *
 * @param inactiveXml the definition as planning read it (for the fingerprint)
 * @param secureInactiveXml the definition with its secrets: what a backup must hold and a redefine
 *     must keep
 * @param managedSave whether libvirt holds a managed-save image (a "shut off" domain that resumes
 *     from memory), which still names the old images
 * @param snapshots how many snapshots libvirt holds, which still name the old images
 * @param persistent false for a transient domain, which exists only while it runs: defining XML for
 *     it makes it persistent
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
