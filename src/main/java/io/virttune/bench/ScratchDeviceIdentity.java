package io.virttune.bench;

import io.virttune.VirtTuneException;
import io.virttune.agent.ExecStatus;
import io.virttune.agent.GuestAgent;
import io.virttune.libvirt.LiveDomains;
import io.virttune.text.Bytes;
import io.virttune.xml.DiskView;
import java.time.Duration;
import java.util.List;

/**
 * Proves, before fio overwrites a whole guest device, that it is the domain disk the operator
 * named, or finds that disk's device in the guest.
 */
final class ScratchDeviceIdentity {
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private final LiveDomains live;
    private final GuestAgent agent;
    private final String domain;

    ScratchDeviceIdentity(LiveDomains live, GuestAgent agent, String domain) {
        this.live = live;
        this.agent = agent;
        this.domain = domain;
    }

    /**
     * {@code device}: the guest's path the operator gave ({@code /dev/sdb}), which must be the one
     * {@link #find} finds for {@code disk}.
     */
    void require(String device, DiskView disk, List<DiskView> disks) {
        String found = find(disk, disks);
        if (!found.equals(device)) {
            throw refused(
                    device + " is not disk " + disk.targetDev() + " in the guest: " + found + " is, by its size and"
                            + " bus (the guest names its disks in its own order, not by libvirt's target)");
        }
    }

    /**
     * The guest's path of {@code disk}: its one whole disk of that disk's size and family (sysfs
     * lists whole disks with a {@code device} link, partitions and device-mapper devices without;
     * every disk the guest sees, passed-through and its own iSCSI ones too).
     */
    String find(DiskView disk, List<DiskView> disks) {
        String named = "disk " + disk.targetDev();
        long expected = uniqueSize(named, disk, disks);
        // The loop's status would be its last test's, false where the last entry is a partition.
        ExecStatus status = agent.run(
                "sh",
                List.of(
                        "-c",
                        "for d in /sys/class/block/*; do if [ -e \"$d/device\" ];"
                                + " then echo \"${d##*/} $(cat \"$d/size\")\"; fi; done"),
                List.of(),
                null,
                TIMEOUT);
        if (status.exitCode() != 0) {
            throw refused("the guest does not list its disks (sh exited " + status.exitCode() + ": "
                    + (status.err().isBlank() ? "no message" : status.err().strip()) + ")");
        }
        Family family = family(disk);
        List<String> found = status.out()
                .lines()
                .map(line -> line.strip().split(" "))
                .filter(words -> words.length == 2 && words[1].equals(Long.toString(expected / 512)))
                .filter(words -> family.names(words[0]))
                .map(words -> "/dev/" + words[0])
                .toList();
        if (found.size() != 1) {
            throw refused(
                    found.isEmpty()
                            ? "no disk of the guest is " + Bytes.format(expected) + ", the size of " + named
                            : "the guest has several disks of " + Bytes.format(expected) + " ("
                                    + String.join(", ", found) + ")");
        }
        return found.get(0);
    }

    /** The disk's size, which no other disk of its family may share, or the guest's device could be either. */
    private long uniqueSize(String device, DiskView disk, List<DiskView> disks) {
        long expected = live.diskCapacityBytes(domain, disk.targetDev());
        Family family = family(disk);
        List<String> alike = disks.stream()
                .filter(other -> !other.targetDev().equals(disk.targetDev()))
                .filter(other -> family.overlaps(family(other)))
                .filter(other -> live.diskCapacityBytes(domain, other.targetDev()) == expected)
                .map(DiskView::targetDev)
                .toList();
        if (!alike.isEmpty()) {
            throw refused(device + " cannot be told from disk " + String.join(", ", alike) + " of the same size ("
                    + Bytes.format(expected) + ") on a bus the guest names alike");
        }
        return expected;
    }

    /** The names the guest's drivers give a disk on each libvirt bus; an unknown bus may be named anything. */
    private enum Family {
        VIRTIO_BLK("vd"),
        SCSI_LAYER("sd", "hd"),
        ANY();

        private final List<String> prefixes;

        Family(String... prefixes) {
            this.prefixes = List.of(prefixes);
        }

        boolean names(String device) {
            return this == ANY || prefixes.stream().anyMatch(device::startsWith);
        }

        boolean overlaps(Family other) {
            return this == ANY || other == ANY || this == other;
        }
    }

    private static Family family(DiskView disk) {
        return switch (disk.targetBus().orElse("")) {
            case "virtio" -> Family.VIRTIO_BLK;
            case "sata", "scsi", "usb", "ide" -> Family.SCSI_LAYER;
            default -> Family.ANY;
        };
    }

    private VirtTuneException refused(String why) {
        return ScratchDeviceUse.refused(domain, "it is not proven to be the one named: " + why);
    }
}
