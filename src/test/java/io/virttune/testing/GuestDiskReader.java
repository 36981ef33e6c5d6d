package io.virttune.testing;

import io.virttune.agent.ExecStatus;
import io.virttune.agent.GuestAgent;
import io.virttune.libvirt.LibvirtJavaConnection;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A running lab guest that reads other domains' disks from inside: each disk attached to it
 * read-only on virtio-scsi with the format its definition names, so that QEMU's block layer reads
 * it as that domain's guest would, its sha256 taken through the guest agent, then detached. One
 * boot serves every read, where booting the domain itself for each check would cost 30 to 140 s
 * under TCG.
 */
public final class GuestDiskReader implements AutoCloseable {
    private static final String NAME = "vt-disk-reader";
    private static final String CONTROLLER = "    <controller type='scsi' model='virtio-scsi'/>\n";
    /** The attached disks show as the guest's only SCSI disks: it has none of its own. $1 is how many. */
    private static final String AWAIT_DISKS = """
      i=0
      while [ "$(for d in /sys/block/sd*; do [ -b "/dev/${d##*/}" ] && [ "$(cat "$d/size")" != 0 ] && echo x; done | wc -l)" -lt "$1" ]; do
        [ $i -lt 600 ] || { echo "not all of the $1 SCSI disks appeared" >&2; exit 1; }
        i=$((i + 1)); sleep 0.1
      done
      for d in /sys/block/sd*; do sha256sum < "/dev/${d##*/}"; done
      """;

    private static final String AWAIT_NO_DISK = """
      i=0
      while ls /sys/block | grep -q '^sd'; do
        [ $i -lt 600 ] || { echo "a SCSI disk is still there" >&2; exit 1; }
        i=$((i + 1)); sleep 0.1
      done
      """;

    private final Path work;
    private final LabGuest guest;
    private final LibvirtJavaConnection libvirt;
    private GuestAgent agent;

    private GuestDiskReader(Path work, LabGuest guest, LibvirtJavaConnection libvirt) {
        this.work = work;
        this.guest = guest;
        this.libvirt = libvirt;
    }

    /** Defines and starts the reader guest; its agent is awaited at the first read, so the caller can go on meanwhile. */
    public static GuestDiskReader start() {
        Path work = Lab.imageDirectory("vt-reader-");
        LabGuest guest = LabGuest.defineWithDisks(NAME, work, CONTROLLER, "agent");
        Lab.sh("virsh", "-q", "start", NAME);
        return new GuestDiskReader(work, guest, LibvirtJavaConnection.openReadWrite("qemu:///system"));
    }

    /**
     * The sha256 of each whole disk as a guest reads it, each given as {format ("raw", "qcow2"),
     * path}, sorted (the guest's names for them say nothing of which is which).
     */
    public List<String> sortedSha256s(List<String[]> disks) {
        if (disks.isEmpty()) {
            return List.of();
        }
        GuestAgent reader = agent();
        List<Path> attached = new ArrayList<>();
        try {
            for (String[] disk : disks) {
                Path xml = work.resolve("disk" + attached.size() + ".xml");
                write(xml, diskXml(disk[0], disk[1], "sd" + (char) ('a' + attached.size())));
                Lab.sh("virsh", "-q", "attach-device", NAME, xml.toString(), "--live");
                attached.add(xml);
            }
            String sums = run(reader, AWAIT_DISKS, Integer.toString(disks.size()));
            return sums.lines().map(line -> line.substring(0, 64)).sorted().toList();
        } finally {
            attached.forEach(xml -> Lab.sh("virsh", "-q", "detach-device", NAME, xml.toString(), "--live"));
            run(reader, AWAIT_NO_DISK);
        }
    }

    private static String diskXml(String format, String path, String target) {
        String type = path.startsWith("/dev/") ? "block" : "file";
        return "<disk type='" + type + "' device='disk'><driver name='qemu' type='" + format + "'/>"
                + "<source " + (type.equals("block") ? "dev" : "file") + "='" + path + "'/>"
                + "<target dev='" + target + "' bus='scsi'/><readonly/></disk>\n";
    }

    private GuestAgent agent() {
        if (agent == null) {
            LabAgent.awaitAnswer(libvirt, NAME, work.resolve(NAME + "-console.log"));
            agent = new GuestAgent(libvirt, NAME, Duration.ofMillis(100));
        }
        return agent;
    }

    private static String run(GuestAgent agent, String script, String... arguments) {
        List<String> args = new ArrayList<>(List.of("-c", script, "reader"));
        args.addAll(List.of(arguments));
        ExecStatus status = agent.run("/bin/sh", args, List.of(), null, Duration.ofSeconds(120));
        if (status.exitCode() != 0) {
            throw new IllegalStateException(
                    "in the disk reader guest, exit " + status.exitCode() + ": " + status.err());
        }
        return status.out();
    }

    private static void write(Path file, String text) {
        try {
            Files.writeString(file, text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The reader guest destroyed and undefined, its directory removed. */
    @Override
    public void close() {
        libvirt.close();
        guest.undefine();
        Lab.sh("rm", "-rf", work.toString());
    }
}
