package io.virttune.testing;

import static org.junit.jupiter.api.Assertions.fail;

import io.virttune.process.LocalProcessRunner;
import io.virttune.process.ProcessResult;
import java.nio.file.Path;
import java.util.List;

/** The lab's fleet of hosts (scripts/lab fleet) as its tests reach them: their names and a shell on each over SSH. */
public final class LabFleet {
    private LabFleet() {}

    /**
     * The fleet's host names, hv1 first; fails the test outside a fleet, naming the command that runs
     * it ({@code run}).
     */
    public static List<String> hosts(String run) {
        String names = System.getenv("VTLAB_FLEET_HOSTS");
        if (names == null) {
            fail("this lab test needs the lab's fleet of hosts and runs only inside it; scripts/test.sh runs it, or by"
                    + " hand: " + run);
        }
        return List.of(names.split(" "));
    }

    /** A command of the test's own on a host, over its own ssh connection, failing the test if it fails. */
    public static String ssh(String host, String command) {
        ProcessResult result = new LocalProcessRunner().run(List.of("ssh", "-o", "BatchMode=yes", host, command));
        if (!result.succeeded()) {
            fail("ssh " + host + " " + command + ": exit " + result.exitCode() + ": " + result.stderr());
        }
        return result.stdout();
    }

    /** A VG named {@code vg} on the host's one disk (/dev/ubda), with 4 MiB extents. */
    public static void volumeGroup(String host, String vg) {
        ssh(host, "lvm pvcreate -q /dev/ubda && lvm vgcreate -q -s 4M " + vg + " /dev/ubda");
    }

    /**
     * A qcow2 image {@code system.qcow2} in {@code work} of {@code size}, {@code data} of one pattern
     * from its start and 4 MiB of another at 24 MiB, so that a copy that drops or moves a run shows.
     */
    public static Path patternedImage(Path work, String size, String data) {
        Path image = work.resolve("system.qcow2");
        Lab.sh("qemu-img", "create", "-q", "-f", "qcow2", image.toString(), size);
        Lab.sh("qemu-io", "-c", "write -P 0x5e 0 " + data, "-c", "write -P 0x7a 24M 4M", image.toString());
        return image;
    }

    /** The source of {@code domain}'s first disk in the host's persistent definition. */
    public static String diskSource(String host, String domain) {
        String line = ssh(host, "virsh -q domblklist --inactive " + domain)
                .strip()
                .lines()
                .findFirst()
                .orElse("");
        return line.substring(line.lastIndexOf(' ') + 1);
    }

    /** The names of the LVs in the host's VG {@code vg}, one a line; empty when it has none. */
    public static String lvNames(String host, String vg) {
        return ssh(host, "lvm lvs --noheadings -o lv_name " + vg).strip();
    }
}
