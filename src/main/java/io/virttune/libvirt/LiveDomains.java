package io.virttune.libvirt;

import java.util.List;

/**
 * The running side of libvirt that bench needs: a domain's state and live definition, and its
 * QEMU guest agent. Kept apart from {@link LibvirtConnection}, which only reads definitions.
 */
public interface LiveDomains extends AutoCloseable {

    /** The URI this connection was opened with, for messages. */
    String uri();

    /** The names of the domains that run now, sorted. */
    List<String> runningNames();

    /** The domain's run state; fails with a clear message when no such domain exists. */
    DomainState state(String domain);

    /** The live definition of a running domain (what QEMU was started with). */
    String liveXml(String domain);

    /** The size of one of a running domain's disks, by its target, as its guest sees it (virDomainGetBlockInfo's capacity). */
    long diskCapacityBytes(String domain, String target);

    /** The write counters of one of a running domain's disks, by its target (virDomainBlockStats). */
    DiskWrites diskWrites(String domain, String target);

    /**
     * Sends one QMP command to the guest agent and returns its raw JSON reply, or fails with
     * libvirt's message (agent not connected, command refused by the agent, timeout).
     */
    String qemuAgentCommand(String domain, String json, int timeoutSeconds);

    @Override
    void close();
}
