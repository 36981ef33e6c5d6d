package io.virttune.inspect;

import io.virttune.agent.GuestAgentLink;
import io.virttune.libvirt.LibvirtJavaConnection;

/**
 * The guest agents of one libvirt's domains, over a read-write connection (libvirt refuses agent
 * commands on a read-only one) opened only when a guest is first asked: reading a host that has
 * no Windows guest to ask needs no more than read-only access.
 */
final class LibvirtGuestAgents implements GuestAgentLink, AutoCloseable {
    private static final int TIMEOUT_SECONDS = 10;

    private final String uri;
    private LibvirtJavaConnection connection;

    LibvirtGuestAgents(String uri) {
        this.uri = uri;
    }

    @Override
    public String command(String domain, String json) {
        if (connection == null) {
            connection = LibvirtJavaConnection.openReadWrite(uri);
        }
        return connection.qemuAgentCommand(domain, json, TIMEOUT_SECONDS);
    }

    @Override
    public void close() {
        if (connection != null) {
            connection.close();
        }
    }
}
