package io.virttune.testing;

import static org.junit.jupiter.api.Assertions.fail;

import io.virttune.process.LocalProcessRunner;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The lab (scripts/lab run, see docs/lab.md) as lab tests see it: they fail, never skip, outside
 * it, and find their disks by the names given to {@code --disk}.
 */
public final class Lab {
    /** How scripts/test.sh starts the lab tests; the failure message tells a developer to do the same. */
    public static final String RUN =
            "scripts/lab run --disk pv0:8G --disk pv1:8G --disk pv2:8G --disk pv3:12G --disk pv4:2G --disk pv5:2G --disk pv6:2G --disk pv7:1G --disk pv8:2G"
                    + " --libvirtd -- "
                    + "mvn -o -B -q failsafe:integration-test failsafe:verify -Dit.test='*LabIT'";

    private Lab() {}

    /** Fails the calling test unless it runs inside the lab, where it may create VGs on real disks. */
    public static void require() {
        if (!"1".equals(System.getenv("VTLAB"))) {
            fail("this lab test needs a real device-mapper kernel and runs only inside the lab "
                    + "(VTLAB=1); scripts/test.sh runs it, or by hand: " + RUN);
        }
    }

    /**
     * Fails the calling test unless the lab runs Debian's {@code suite} (scripts/lab run --suite):
     * for what only that suite's libvirt or QEMU has.
     */
    public static void requireSuite(String suite) {
        require();
        String running = System.getenv().getOrDefault("VTLAB_SUITE", "bookworm");
        if (!running.equals(suite)) {
            fail("this lab test needs the lab's " + suite + " root and runs in a " + running + " lab; scripts/test.sh"
                    + " runs it there, or by hand: "
                    + RUN.replace("scripts/lab run ", "scripts/lab run --suite " + suite + " "));
        }
    }

    /** The device of the lab disk given as {@code --disk NAME:SIZE}, e.g. {@code /dev/ubdb} for pv1. */
    public static String disk(String name) {
        require();
        String disks = System.getenv().getOrDefault("VTLAB_DISKS", "");
        return Arrays.stream(disks.split(" "))
                .filter(entry -> entry.startsWith(name + "="))
                .map(entry -> entry.substring(name.length() + 1))
                .findFirst()
                .orElseGet(() ->
                        fail("the lab has no disk " + name + " (VTLAB_DISKS=\"" + disks + "\"); start it as: " + RUN));
    }

    /** Creates VG {@code vg} on the lab disk {@code disk} with that extent size (e.g. "4M"), unless it exists. */
    public static void volumeGroup(String vg, String disk, String extent) {
        require();
        if (!sh("lvm", "vgs", "--noheadings", "-o", "vg_name").contains(vg)) {
            sh("lvm", "pvcreate", "-q", disk(disk));
            sh("lvm", "vgcreate", "-q", "-s", extent, vg, disk(disk));
        }
    }

    /** A new directory under /tmp for a test's images: world-traversable, as QEMU runs as libvirt-qemu in the lab. */
    public static Path imageDirectory(String prefix) {
        try {
            Path work = Files.createTempDirectory(Path.of("/tmp"), prefix);
            Files.setPosixFilePermissions(work, PosixFilePermissions.fromString("rwxr-xr-x"));
            return work;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** After a test: its guest (if any) undefined, every LV of {@code vg} and the directory {@code work} removed. */
    public static void removeAll(LabGuest guest, String vg, Path work) {
        if (guest != null) {
            guest.undefine();
        }
        sh("sh", "-c", "lvm lvremove -q -y " + vg + " >/dev/null 2>&1; rm -rf '" + work + "'");
    }

    /** Removes VG {@code vg} and the PV on lab disk {@code disk}, for a class that shares that disk with another. */
    public static void removeVolumeGroup(String vg, String disk) {
        sh(
                "sh",
                "-c",
                "lvm vgremove -q -f -y " + vg + " >/dev/null 2>&1; lvm pvremove -q -y " + disk(disk)
                        + " >/dev/null 2>&1; true");
    }

    /**
     * The sha256 of a disk's whole content as a guest reads it (what a lab guest prints as
     * VT-CHECKSUM): of the device or raw file itself, else of a raw copy made in {@code scratch}.
     */
    public static String contentSha256(String format, String path, Path scratch) {
        if (format.equals("raw")) {
            return sh("sha256sum", path).substring(0, 64);
        }
        Path raw = scratch.resolve("content.raw");
        sh("qemu-img", "convert", "-f", format, "-O", "raw", path, raw.toString());
        String sum = sh("sha256sum", raw.toString()).substring(0, 64);
        sh("rm", "-f", raw.toString());
        return sum;
    }

    /**
     * Creates thin pool {@code vg}/{@code name} of {@code size} with {@code chunk} chunks, zeroing new
     * ones as {@code zero} ("y" or "n") says, with lvcreate's {@code options} besides.
     */
    public static void thinPool(String vg, String name, String size, String chunk, String zero, String... options) {
        List<String> argv = new ArrayList<>(
                List.of("lvm", "lvcreate", "-q", "-y", "--type", "thin-pool", "-L", size, "-c", chunk, "--zero", zero));
        argv.addAll(List.of(options));
        argv.addAll(List.of("-n", name, vg));
        sh(argv.toArray(String[]::new));
    }

    /** Runs a command of the test's own set-up inside the lab, failing the test if it fails. */
    public static String sh(String... argv) {
        return new LocalProcessRunner().run(List.of(argv)).requireSuccess().stdout();
    }
}
