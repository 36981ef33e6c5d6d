package io.virttune.apply;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.lvm.LvmCli;
import io.virttune.testing.Cli;
import io.virttune.testing.Lab;
import io.virttune.testing.LabGuest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Disks whose virtio-blk queues are spread over several IOThreads ({@code <driver queues='2'>}
 * with an {@code <iothreads>} set: libvirt 10 and QEMU 9 or later) in Debian 13's lab: a disk in
 * that form moved onto an LV keeps its set, with no {@code iothread=} beside it (libvirt 11
 * refuses both); a 2-vCPU guest's plain virtio disk gets the form from plan; libvirt 11's QEMU
 * driver defines each result, and the guest boots on it and reads its data back. libvirt 9.0
 * drops the set at define, so Debian 12's lab cannot show it: this class runs in the trixie lab
 * only.
 */
class IothreadQueuesLabIT {
    private static final String VG = "vg_iothreads";
    private static final String NAME = "vt-iothreads";
    private static final String POOL = "vt-iothreads-images";
    private static final String ONE_VCPU = "<vcpu placement='static'>1</vcpu>";

    private Path work;
    private LabGuest guest;

    @BeforeAll
    static void volumeGroup() {
        Lab.requireSuite("trixie");
        Lab.volumeGroup(VG, "pv8", "4M");
    }

    @AfterAll
    static void removeVolumeGroup() {
        Lab.removeVolumeGroup(VG, "pv8");
    }

    @AfterEach
    void cleanUp() {
        Lab.removeAll(guest, VG, work);
    }

    @Test
    void aDiskWithItsQueuesOnTwoIothreadsKeepsThemOnItsLvAndBootsUnderLibvirt11() throws IOException {
        // libvirt 11 checks the set against <iothreads> at each define: both go in together.
        String before = guestWithOneDisk(xml -> xml.replace(
                        "<driver name='qemu' type='qcow2'/>",
                        "<driver name='qemu' type='qcow2' queues='2'>\n        <iothreads>\n          <iothread id='1'/>\n"
                                + "          <iothread id='2'/>\n        </iothreads>\n      </driver>")
                .replace(ONE_VCPU, ONE_VCPU + "\n  <iothreads>2</iothreads>"));
        String defined = definition();
        assertTrue(defined.contains("<iothread id='2'/>"), "libvirt 11 keeps the queues' IOThreads:\n" + defined);

        Path plan = work.resolve("plan.json");
        Cli planned = Cli.run("plan", NAME, "--vg", VG, "--out", plan.toString());
        assertEquals(0, planned.exitCode(), planned.transcript());
        Cli applied = Cli.run("apply", plan.toString(), "--state-dir=" + work.resolve("state"), "--execute");
        assertEquals(0, applied.exitCode(), applied.transcript());

        String after = definition();
        assertTrue(after.contains("<source dev='/dev/" + VG + "/" + NAME + "-vda'/>"), after);
        assertTrue(
                after.matches("(?s).*<driver name='qemu' type='raw'[^>]* queues='2'[^>]*>\\s*<iothreads>\\s*"
                        + "<iothread id='1'/>\\s*<iothread id='2'/>\\s*</iothreads>.*"),
                "the set is kept on the LV:\n" + after);
        assertFalse(after.matches("(?s).*<driver [^>]*iothread='.*"), "no iothread= beside the set:\n" + after);
        assertEquals(List.of(before), guest.bootAndChecksum(), "the guest reads its data from the LV");
    }

    /**
     * The lab host has one CPU (User-Mode Linux is not SMP), where the rule gives one IOThread a
     * disk; the form is then planned from the lab's own facts recorded with four CPUs online
     * ({@code --host-facts}, the image described by a storage pool), as a plan made for a larger
     * host, and applied and booted here.
     */
    @Test
    void aTwoVcpuGuestsVirtioDiskGetsItsQueuesSpreadOverTwoIothreadsAndBoots() throws IOException {
        String before = guestWithOneDisk(xml -> xml.replace(ONE_VCPU, "<vcpu placement='static'>2</vcpu>"));
        Cli here = Cli.run("plan", NAME, "--vg", VG);
        assertTrue(here.out().contains("iothread -> 1 (one IOThread a disk: 1 host CPU)"), here.transcript());

        Path plan = work.resolve("plan.json");
        // Recorded facts hold no images: libvirt's storage pools describe them, so the image's
        // directory is one for the plan.
        Lab.sh("virsh", "-q", "pool-create-as", POOL, "dir", "--target", work.toString());
        Cli planned;
        try {
            planned = Cli.run(
                    "plan",
                    NAME,
                    "--vg",
                    VG,
                    "--host-facts",
                    factsWithCpus("0-3").toString(),
                    "--out",
                    plan.toString());
        } finally {
            Lab.sh("virsh", "-q", "pool-destroy", POOL);
        }
        assertEquals(0, planned.exitCode(), planned.transcript());
        assertTrue(planned.out().contains("queues 2 on IOThreads 1,2 (libvirt 11."), planned.out());
        assertTrue(planned.out().contains("min(2 vCPUs, 4 host CPUs, 4)"), planned.out());
        Cli applied = Cli.run("apply", plan.toString(), "--state-dir=" + work.resolve("state"), "--execute");
        assertEquals(0, applied.exitCode(), applied.transcript());

        String after = definition();
        assertTrue(after.contains("<iothreads>2</iothreads>"), after);
        assertTrue(
                after.matches("(?s).*<driver name='qemu' type='raw'[^>]* queues='2'[^>]*>\\s*<iothreads>\\s*"
                        + "<iothread id='1'/>\\s*<iothread id='2'/>\\s*</iothreads>.*"),
                "libvirt 11 keeps the set:\n" + after);
        assertEquals(List.of(before), guest.bootAndChecksum(), "the guest reads its data from the LV");
    }

    /**
     * The test guest with one 64 MiB qcow2 virtio disk, defined again as {@code edit} makes its
     * definition; returns the sha256 of the disk's content, written where the guest checksums it.
     */
    private String guestWithOneDisk(UnaryOperator<String> edit) throws IOException {
        work = Lab.imageDirectory("vt-iothreads-");
        Path image = work.resolve("data.qcow2");
        Lab.sh("qemu-img", "create", "-q", "-f", "qcow2", image.toString(), "64M");
        Lab.sh("qemu-io", "-c", "write -P 0x3c 1M 8M", image.toString());
        guest = LabGuest.defineWithDisks(
                NAME,
                work,
                "    <disk type='file' device='disk'>\n"
                        + "      <driver name='qemu' type='qcow2'/>\n      <source file='" + image + "'/>\n"
                        + "      <target dev='vda' bus='virtio'/>\n    </disk>\n",
                "checksum");
        Path edited = work.resolve(NAME + "-edited.xml");
        Files.writeString(edited, edit.apply(definition()));
        Lab.sh("virsh", "-q", "define", edited.toString());
        return Lab.contentSha256("qcow2", image.toString(), work);
    }

    /**
     * This host's facts as {@code --host-facts} reads them (its /proc files and LVM's reports, as
     * examples/hv01 records them), with {@code online} CPUs.
     */
    private Path factsWithCpus(String online) throws IOException {
        Path facts = work.resolve("facts");
        for (String file : List.of("proc/meminfo", "proc/cmdline", "proc/sys/kernel/osrelease")) {
            Path copy = facts.resolve("host").resolve(file);
            Files.createDirectories(copy.getParent());
            Files.copy(Path.of("/").resolve(file), copy);
        }
        Path cpus = facts.resolve("host/sys/devices/system/cpu/online");
        Files.createDirectories(cpus.getParent());
        Files.writeString(cpus, online + "\n");
        Path lvm = Files.createDirectories(facts.resolve("lvm"));
        for (String report : List.of("vgs " + LvmCli.VG_FIELDS, "lvs " + LvmCli.LV_FIELDS, "pvs " + LvmCli.PV_FIELDS)) {
            String[] kindAndFields = report.split(" ");
            Files.writeString(
                    lvm.resolve(kindAndFields[0] + ".json"),
                    Lab.sh(
                            "lvm",
                            kindAndFields[0],
                            "--reportformat",
                            "json",
                            "--units",
                            "b",
                            "--nosuffix",
                            "-o",
                            kindAndFields[1]));
        }
        return facts;
    }

    private static String definition() {
        return Lab.sh("virsh", "dumpxml", "--inactive", NAME);
    }
}
