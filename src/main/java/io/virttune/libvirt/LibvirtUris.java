package io.virttune.libvirt;

import io.virttune.VirtTuneException;
import java.io.IOException;
import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;

/** What a libvirt URI says about where the hypervisor runs. */
public final class LibvirtUris {
    private LibvirtUris() {}

    /**
     * True when the URI names QEMU on this very machine, so image paths in its domains can be read
     * here and commands for its host run here. The test driver's paths are fictional, and a remote
     * host's paths mean nothing here.
     */
    public static boolean isLocalQemu(String uri) {
        Optional<URI> parsed = parse(uri);
        String scheme = parsed.map(URI::getScheme).orElse("");
        return (scheme.equals("qemu") || scheme.equals("qemu+unix"))
                && parsed.filter(u -> isThisHost(host(u), "")).isPresent();
    }

    /**
     * Refuses a URI whose host is another machine: apply, rollback and cleanup run lvcreate,
     * qemu-img and file removals here, so they must act on domains of this machine only.
     */
    public static void requireThisHost(String uri, String command) {
        requireThisHost(uri, command, localHostname());
    }

    static void requireThisHost(String uri, String command, String localHostname) {
        Optional<URI> parsed = parse(uri);
        if (parsed.isEmpty()) {
            throw VirtTuneException.refused("Refusing virt-tune " + command + " through '" + uri + "': it is not a URI,"
                    + " so it cannot be told whether it names this machine. Give --connect qemu:///system.");
        }
        String host = host(parsed.get());
        if (!isThisHost(host, localHostname)) {
            throw VirtTuneException.refused("Refusing virt-tune " + command + " through " + uri
                    + ": it names the host '"
                    + host + "', but LVM, qemu-img and image files are handled on this machine ('" + localHostname
                    + "'), so the data would be changed on one host and the domain on another (rule: virt-tune "
                    + command
                    + " acts only on the host it runs on). Run virt-tune on " + host + " itself, with --connect"
                    + " qemu:///system.");
        }
    }

    /**
     * Refuses a connection libvirt opened elsewhere than the string said: an alias ({@code
     * uri_aliases} in libvirt.conf, a name in {@code LIBVIRT_DEFAULT_URI}) is resolved by libvirt
     * alone, so what decides is the URI the connection reports and the host name its daemon gives.
     */
    public static void requireOpenedHere(
            String given, String openedUri, String daemonHostname, String command, String localHostname) {
        requireThisHost(openedUri, command, localHostname);
        // Without a name of this machine's own there is nothing to compare the daemon's with.
        if (openedUri.startsWith("qemu") && !localHostname.isEmpty() && !isThisHost(daemonHostname, localHostname)) {
            throw VirtTuneException.refused(
                    "Refusing virt-tune " + command + " through " + given + ": libvirt opened it as "
                            + openedUri + ", whose daemon runs on '" + daemonHostname + "', not on this machine ('"
                            + localHostname
                            + "') (rule: virt-tune " + command + " acts only on the host it runs on). Run virt-tune on "
                            + daemonHostname + " itself, with --connect qemu:///system.");
        }
    }

    private static boolean isThisHost(String host, String localHostname) {
        if (host.isEmpty()) {
            return true;
        }
        String name = host.toLowerCase(Locale.ROOT);
        String local = localHostname.toLowerCase(Locale.ROOT);
        return name.equals("localhost")
                || name.startsWith("127.")
                || name.equals("[::1]")
                || (!local.isEmpty()
                        && (name.equals(local) || name.startsWith(local + ".") || local.startsWith(name + ".")));
    }

    /**
     * The libvirt daemon a URI names, apart from the route to it: the driver and the path
     * ({@code qemu:///system}). {@code qemu+ssh://root@hv1:22/system?no_tty=1} and, on hv1,
     * {@code qemu:///system} name the same daemon; {@code qemu:///session} another. A URI that
     * does not parse is its own daemon.
     */
    public static String daemon(String uri) {
        return parse(uri)
                .filter(parsed -> parsed.getScheme() != null)
                .map(parsed -> driverOf(parsed.getScheme()) + "://"
                        + Optional.ofNullable(parsed.getRawPath()).orElse(""))
                .orElse(uri);
    }

    /**
     * The scheme, {@code DRIVER[+TRANSPORT]} ({@code qemu+ssh}); empty for a string that is not a URI
     * or has no scheme (a name libvirt may know as an alias).
     */
    static Optional<String> scheme(String uri) {
        return parse(uri).map(URI::getScheme);
    }

    /** The driver a scheme names, without its transport: {@code qemu} for {@code qemu+ssh}. */
    static String driverOf(String scheme) {
        return scheme.replaceFirst("\\+.*", "");
    }

    /**
     * True when the URI reaches its daemon through more than this machine's socket: a host, or a
     * transport other than {@code unix} ({@code qemu+ssh}, {@code qemu+tcp}).
     */
    static boolean isRemote(String uri) {
        return parse(uri)
                .filter(parsed -> !host(parsed).isEmpty()
                        || Optional.ofNullable(parsed.getScheme())
                                .filter(scheme -> scheme.contains("+") && !scheme.endsWith("+unix"))
                                .isPresent())
                .isPresent();
    }

    /**
     * The file of a test-driver URI ({@code test:///PATH}, escapes decoded as libvirt decodes them);
     * none for {@code test:///default}, the driver's built-in host, or any other URI.
     */
    static Optional<Path> testFile(String uri) {
        return parse(uri)
                .filter(parsed ->
                        "test".equals(parsed.getScheme()) && host(parsed).isEmpty())
                .map(URI::getPath)
                .filter(path -> path.startsWith("/") && !path.equals("/default"))
                .map(Path::of);
    }

    /**
     * The host part of the authority. Not {@link URI#getHost}: that is null for names Java does not
     * accept as host names (an underscore, say), which would pass such a host for this machine.
     */
    private static String host(URI uri) {
        String authority = uri.getRawAuthority();
        if (authority == null) {
            return "";
        }
        String host = authority.substring(authority.lastIndexOf('@') + 1);
        int port = host.lastIndexOf(':');
        return port > host.lastIndexOf(']') ? host.substring(0, port) : host;
    }

    private static Optional<URI> parse(String uri) {
        try {
            return Optional.of(new URI(uri));
        } catch (URISyntaxException e) {
            return Optional.empty();
        }
    }

    public static String localHostname() {
        // The kernel's name, as libvirtd's virGetHostname starts from (gethostname): name resolution may
        // know none (a host without DNS or /etc/hosts entry), and then InetAddress has no name to give.
        try {
            String kernel =
                    Files.readString(Path.of("/proc/sys/kernel/hostname")).strip();
            if (!kernel.isEmpty()) {
                return kernel;
            }
        } catch (IOException e) {
            // Not Linux, or no /proc: ask the resolver.
        }
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            // Without a name for this machine only URIs without a host, or localhost, count as local.
            return "";
        }
    }
}
