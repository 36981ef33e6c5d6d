package io.virttune.snippets;

import io.virttune.inspect.HostIdentity;
import io.virttune.libvirt.LibvirtUris;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Map;
import java.util.Optional;

/**
 * The topics' Ansible tasks as one playbook, {@code site.yml}, and an {@code inventory.ini} that
 * lists the host: the libvirt URI's host, or this machine (a local connection) when it has none.
 */
final class AnsiblePlaybook {
    static final String PLAYBOOK = "site.yml";
    static final String INVENTORY = "inventory.ini";
    /** The inventory group every playbook runs on, a host's own and a fleet's. */
    static final String GROUP = "virt_tune_hosts";

    private AnsiblePlaybook() {}

    /** The playbook of one host, run on its inventory's group. */
    static String playbook(String host, AnsiblePlay play) {
        return Template.load("ansible/" + PLAYBOOK)
                .render(Map.of(
                        "host",
                        host,
                        "play",
                        play.render(
                                "Tune the host for fast guest disks (virt-tune)",
                                GROUP,
                                Map.of(
                                        "virt_tune_files",
                                        "\"{{ playbook_dir }}\"  # the files this play installs: this folder's"))));
    }

    static String inventory(HostIdentity identity) {
        Optional<String> remote = uriHost(identity.uri());
        return Template.load("ansible/" + INVENTORY)
                .render(Map.of(
                        "host",
                        remote.orElse(identity.hostname()),
                        "connection",
                        LibvirtUris.isLocalQemu(identity.uri()) ? " ansible_connection=local" : ""));
    }

    private static Optional<String> uriHost(String uri) {
        try {
            return Optional.ofNullable(new URI(uri).getHost()).filter(host -> !host.isEmpty());
        } catch (URISyntaxException e) {
            return Optional.empty();
        }
    }
}
