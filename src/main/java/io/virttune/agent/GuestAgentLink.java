package io.virttune.agent;

/**
 * Where virt-tune reaches a domain's QEMU guest agent: one command in, the agent's raw JSON reply
 * out, or a {@link io.virttune.VirtTuneException} with libvirt's message. Tests replay recorded replies.
 */
@FunctionalInterface
public interface GuestAgentLink {
    String command(String domain, String json);
}
