package io.virttune.host;

import io.virttune.libvirt.LibvirtJavaConnection;
import io.virttune.libvirt.LibvirtUris;
import io.virttune.process.LocalProcessRunner;
import io.virttune.process.ProcessRunner;
import io.virttune.process.SshProcessRunner;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.List;

/**
 * The door of the host a libvirt URI names: over SSH to the same destination for {@code
 * qemu+ssh://}, so that the host's LVM, files and images are read there; this machine otherwise.
 */
public final class HostDoors {
    private HostDoors() {}

    public static HostDoor forLibvirtUri(String uri, ProcessRunner local) {
        String authority = sshAuthority(uri);
        if (authority != null) {
            int colon = authority.lastIndexOf(':');
            boolean hasPort = colon > authority.lastIndexOf('@')
                    && authority.substring(colon + 1).matches("[0-9]{1,5}");
            String destination = hasPort ? authority.substring(0, colon) : authority;
            List<String> options = hasPort ? List.of("-p", authority.substring(colon + 1)) : List.of();
            SshProcessRunner runner =
                    new SshProcessRunner("ssh", destination, options, SshControlDirectory.forThisUser(), local);
            return new SshHostDoor(destination, runner, uri, true);
        }
        return new LocalHostDoor(local, uri, LibvirtUris.isLocalQemu(uri));
    }

    /** The [user@]host[:port] of a qemu+ssh URI, or null for any other URI. */
    private static String sshAuthority(String uri) {
        try {
            URI parsed = new URI(uri);
            return "qemu+ssh".equals(parsed.getScheme()) ? parsed.getRawAuthority() : null;
        } catch (URISyntaxException e) {
            // Not a URI ssh could follow: libvirt says so when it is opened.
            return null;
        }
    }

    public static HostDoor forLibvirtUri(String uri) {
        return forLibvirtUri(uri, new LocalProcessRunner());
    }

    /**
     * This machine's door for {@code command}, which changes the host (apply, rollback, cleanup):
     * refused unless {@code uri} names this machine, since those commands keep their state and
     * their image holds here (rule: {@link LibvirtUris#requireThisHost}).
     */
    public static HostDoor thisMachine(String uri, String command) {
        LibvirtUris.requireThisHost(uri, command);
        try (LibvirtJavaConnection opened = LibvirtJavaConnection.openReadOnly(uri)) {
            LibvirtUris.requireOpenedHere(
                    uri, opened.openedUri(), opened.hostname(), command, LibvirtUris.localHostname());
        }
        return new LocalHostDoor(new LocalProcessRunner(), uri, true);
    }
}
