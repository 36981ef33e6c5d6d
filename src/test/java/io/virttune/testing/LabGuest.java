package io.virttune.testing;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The lab's test guest (scripts/guest) as a libvirt domain: defined from scripts/guest/domain.xml,
 * booted to print a checksum of each of its disks on its serial console, and powered off; in the
 * lab's own libvirtd, or in a fleet host's through its URI.
 */
public final class LabGuest {
    private static final Pattern CHECKSUM = Pattern.compile("VT-CHECKSUM (\\S+) ([0-9a-f]{64})");

    private final String name;
    private final Path console;
    /** virsh and its connection: the lab's default one, or a fleet host's {@code -c URI}. */
    private final List<String> virsh;

    private LabGuest(String name, Path console, List<String> virsh) {
        this.name = name;
        this.console = console;
        this.virsh = virsh;
    }

    /**
     * Defines a guest whose first disk is the template's SATA qcow2 and whose further disks are
     * given as whole {@code <disk>} elements.
     */
    public static LabGuest define(String name, Path work, Path sataImage, String moreDisks) {
        return define(name, work, sataImage, moreDisks, "checksum");
    }

    /** As {@link #define(String, Path, Path, String)}, the guest doing {@code action} (vt.action=) at each boot. */
    public static LabGuest define(String name, Path work, Path sataImage, String moreDisks, String action) {
        return defineWithDisks(name, work, sataDisk(sataImage, "") + moreDisks, action);
    }

    /** As {@link #define(String, Path, Path, String, String)}, the SATA disk's driver given {@code driverAttributes} too. */
    public static LabGuest defineDriven(
            String name, Path work, Path sataImage, String driverAttributes, String action) {
        return defineWithDisks(name, work, sataDisk(sataImage, driverAttributes), action);
    }

    /** A guest whose disks are exactly the given {@code <disk>} elements, doing {@code action} at each boot. */
    public static LabGuest defineWithDisks(String name, Path work, String disks, String action) {
        return defineWithDisks(List.of("virsh"), name, work, disks, action);
    }

    /** As {@link #define(String, Path, Path, String, String)}, in the libvirtd at {@code uri}. */
    public static LabGuest defineAt(String uri, String name, Path work, Path sataImage, String action) {
        return defineAt(uri, name, work, sataImage, "", action);
    }

    /** As {@link #define(String, Path, Path, String, String)} with further disks, in the libvirtd at {@code uri}. */
    public static LabGuest defineAt(
            String uri, String name, Path work, Path sataImage, String moreDisks, String action) {
        return defineWithDisks(List.of("virsh", "-c", uri), name, work, sataDisk(sataImage, "") + moreDisks, action);
    }

    private static String sataDisk(Path image, String driverAttributes) {
        return "    <disk type='file' device='disk'>\n      <driver name='qemu' type='qcow2'"
                + (driverAttributes.isEmpty() ? "" : " " + driverAttributes) + "/>\n"
                + "      <source file='" + image + "'/>\n      <target dev='sda' bus='sata'/>\n    </disk>\n";
    }

    /** The test guest's domain XML from scripts/guest/domain-xml, the one filler the scripts use too. */
    public static String domainXml(String name, Path sataImage, Path console, String action) {
        return Lab.sh("scripts/guest/domain-xml", name, sataImage.toString(), console.toString(), action);
    }

    private static LabGuest defineWithDisks(List<String> virsh, String name, Path work, String disks, String action) {
        // The lab has no network: scripts/test.sh builds the guest on the host before the lab starts.
        assertTrue(
                Files.exists(Path.of("build/guest/initramfs.gz")),
                "build the test guest first: scripts/guest/build.sh");
        Path console = work.resolve(name + "-console.log");
        try {
            // The reference guest's SATA disk (here /dev/null) gives way to the disks asked for.
            String xml = domainXml(name, Path.of("/dev/null"), console, action)
                    .replaceFirst("(?s)    <disk type='file'.*?</disk>\n", "")
                    .replace("    <serial type='file'>", disks + "    <serial type='file'>");
            Path file = work.resolve(name + ".xml");
            Files.writeString(file, xml);
            LabGuest guest = new LabGuest(name, console, virsh);
            guest.virsh("-q", "define", file.toString());
            return guest;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private String virsh(String... args) {
        List<String> argv = new ArrayList<>(virsh);
        argv.addAll(List.of(args));
        return Lab.sh(argv.toArray(String[]::new));
    }

    public String name() {
        return name;
    }

    /** Boots the guest, waits for it to power off, and returns its disks' checksums, sorted. */
    public List<String> bootAndChecksum() {
        start();
        return checksumsAtPowerOff();
    }

    /** Starts the guest, its console emptied first; for one that stays up (vt.action=...,agent). */
    public void start() {
        try {
            Files.deleteIfExists(console);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        virsh("-q", "start", name);
    }

    /** The serial console's file, which the guest writes its VT- lines to. */
    public Path console() {
        return console;
    }

    /**
     * Waits until the guest has done what it does at boot (its console's {@code VT-DONE} line): its
     * agent answers before then, while it still reads its disks.
     */
    public void awaitDone() {
        long deadline = System.nanoTime() + 300_000_000_000L;
        try {
            while (!Files.exists(console) || !Files.readString(console).contains("VT-DONE ")) {
                if (System.nanoTime() > deadline) {
                    fail("guest " + name + " did not finish its boot actions within 300 s; console:\n"
                            + (Files.exists(console) ? Files.readString(console) : "(none)"));
                }
                Thread.sleep(500);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** The checksum the guest printed of one of its disks ("/dev/vda") since it last started, if any. */
    public java.util.Optional<String> checksumOf(String device) {
        try {
            Matcher matcher = CHECKSUM.matcher(Files.readString(console));
            while (matcher.find()) {
                if (matcher.group(1).equals(device)) {
                    return java.util.Optional.of(matcher.group(2));
                }
            }
            return java.util.Optional.empty();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The guest's device of this size, as it named it on its console ({@code VT-DISK /dev/sdb 16777216}). */
    public String deviceOfSize(long bytes) {
        try {
            Matcher matcher = Pattern.compile("VT-DISK (\\S+) " + bytes + "\\b").matcher(Files.readString(console));
            assertTrue(matcher.find(), "the guest " + name + " names no disk of " + bytes + " bytes on its console");
            return matcher.group(1);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Stops the guest at once, as pulling its power would. */
    public void destroy() {
        virsh("-q", "destroy", name);
    }

    /**
     * Starts the guest with {@code virsh start} as an operator would, its console emptied first;
     * returns virsh's output on failure, empty when it started.
     */
    public java.util.Optional<String> tryStart() {
        try {
            Files.deleteIfExists(console);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<String> argv = new ArrayList<>(virsh);
        argv.addAll(List.of("-q", "start", name));
        var started = new io.virttune.process.LocalProcessRunner().run(argv);
        return started.exitCode() == 0
                ? java.util.Optional.empty()
                : java.util.Optional.of(started.stdout() + started.stderr());
    }

    /**
     * For a guest started by someone else: waits for it to power off, and returns the checksums it
     * printed of its disks, sorted.
     */
    public List<String> checksumsAtPowerOff() {
        try {
            long deadline = System.nanoTime() + 240_000_000_000L;
            while (!virsh("domstate", name).strip().equals("shut off")) {
                if (System.nanoTime() > deadline) {
                    virsh("destroy", name);
                    fail("guest " + name + " did not power off within 240 s; console:\n" + Files.readString(console));
                }
                Thread.sleep(500);
            }
            String output = Files.readString(console);
            List<String> sums = new ArrayList<>();
            Matcher matcher = CHECKSUM.matcher(output);
            while (matcher.find()) {
                sums.add(matcher.group(2));
            }
            assertTrue(!sums.isEmpty(), "no VT-CHECKSUM lines on the console:\n" + output);
            Collections.sort(sums);
            return sums;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    public void undefine() {
        String connected = String.join(" ", virsh);
        Lab.sh(
                "sh",
                "-c",
                connected + " -q destroy '" + name + "' 2>/dev/null; " + connected + " -q undefine '" + name
                        + "' || true");
    }
}
