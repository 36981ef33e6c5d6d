package io.virttune.libvirt;

import io.virttune.VirtTuneException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Set;

/**
 * Why a libvirt URI could not be opened, in one line with the hint that fits its kind.
 */
final class ConnectFailure {
    /** libvirt's drivers and transports as URI schemes (libvirt.org/uri.html), beside {@code DRIVER+TRANSPORT}. */
    private static final Set<String> DRIVERS = Set.of(
            "qemu",
            "test",
            "lxc",
            "xen",
            "vbox",
            "esx",
            "gsx",
            "vpx",
            "vmwareplayer",
            "vmwarews",
            "vmwarefusion",
            "bhyve",
            "ch",
            "openvz",
            "hyperv",
            "vz",
            "parallels",
            "libxl",
            "remote",
            "network",
            "nodedev",
            "nwfilter",
            "secret",
            "storage",
            "interface");

    private ConnectFailure() {}

    /** Fails before libvirt is asked where the answer is known here: a test-driver file that is not there. */
    static void requireTestFile(String uri) {
        Optional<Path> file = testFile(uri);
        if (file.isPresent() && !Files.isRegularFile(file.get())) {
            throw VirtTuneException.failed("cannot connect to libvirt at '" + uri + "': the test driver's file "
                    + file.get() + " does not exist or is not a file (test:///default is the driver's built-in host)");
        }
    }

    /** The message for libvirt's refusal to open {@code uri}. */
    static String message(String uri, String libvirtMessage) {
        String first = libvirtMessage.lines().findFirst().orElse(libvirtMessage).strip();
        return "cannot connect to libvirt at '" + uri + "': " + first + " (" + hint(uri) + ")";
    }

    private static String hint(String uri) {
        String scheme = scheme(uri);
        String driver = scheme.contains("+") ? scheme.substring(0, scheme.indexOf('+')) : scheme;
        if (driver.equals("test")) {
            return "check the test driver's XML file";
        }
        if (!DRIVERS.contains(driver)) {
            return "'" + scheme + "' is no libvirt driver's scheme: qemu:///system here, qemu+ssh://HOST/system for"
                    + " another host; see --connect";
        }
        return scheme.contains("+") || hostOf(uri).isPresent()
                ? "is libvirtd running there, and can this machine reach it? see --connect"
                : "is libvirtd running, and is the URI right? see --connect";
    }

    /** The file of a {@code test:///PATH} URI; none for {@code test:///default} or another URI. */
    private static Optional<Path> testFile(String uri) {
        if (!scheme(uri).equals("test")) {
            return Optional.empty();
        }
        String path = uri.substring("test://".length());
        int query = path.indexOf('?');
        path = query < 0 ? path : path.substring(0, query);
        return path.equals("/default") || !path.startsWith("/") ? Optional.empty() : Optional.of(Path.of(path));
    }

    private static String scheme(String uri) {
        int colon = uri.indexOf(':');
        return colon < 0 ? "" : uri.substring(0, colon);
    }

    private static Optional<String> hostOf(String uri) {
        try {
            return Optional.ofNullable(new URI(uri).getHost());
        } catch (URISyntaxException e) {
            return Optional.empty();
        }
    }
}
