package io.virttune.libvirt;

import io.virttune.VirtTuneException;
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
        Optional<Path> file = LibvirtUris.testFile(uri);
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
        Optional<String> scheme = LibvirtUris.scheme(uri);
        if (scheme.isEmpty()) {
            return "a libvirt URI begins with its driver's scheme (qemu:///system here, qemu+ssh://HOST/system for"
                    + " another host), unless it is an alias of libvirt.conf's uri_aliases; see --connect";
        }
        String driver = LibvirtUris.driverOf(scheme.get());
        if (driver.equals("test")) {
            return "check the test driver's XML file";
        }
        if (!DRIVERS.contains(driver)) {
            return "'" + scheme.get() + "' is no libvirt driver's scheme: qemu:///system here,"
                    + " qemu+ssh://HOST/system for another host; see --connect";
        }
        return LibvirtUris.isRemote(uri)
                ? "is libvirtd running there, and can this machine reach it? see --connect"
                : "is libvirtd running, and is the URI right? see --connect";
    }
}
