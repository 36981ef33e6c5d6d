package io.virttune.apply;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
    String before = guestWithOneDisk(xml -> xml.replace("<driver name='qemu' type='qcow2'/>",
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
    assertTrue(after.matches("(?s).*<driver name='qemu' type='raw'[^>]* queues='2'[^>]*>\\s*<iothreads>\\s*"
        + "<iothread id='1'/>\\s*<iothread id='2'/>\\s*</iothreads>.*"), "the set is kept on the LV:\n" + after);
    assertFalse(after.matches("(?s).*<driver [^>]*iothread='.*"), "no iothread= beside the set:\n" + after);
    assertEquals(List.of(before), guest.bootAndChecksum(), "the guest reads its data from the LV");
  }

  @Test
  void aTwoVcpuGuestsVirtioDiskGetsItsQueuesSpreadOverTwoIothreadsAndBoots() throws IOException {
    String before = guestWithOneDisk(xml -> xml.replace(ONE_VCPU, "<vcpu placement='static'>2</vcpu>"));

    Path plan = work.resolve("plan.json");
    Cli planned = Cli.run("plan", NAME, "--vg", VG, "--out", plan.toString());
    assertEquals(0, planned.exitCode(), planned.transcript());
    assertTrue(planned.out().contains("queues 2 on IOThreads 1,2 (libvirt 11."), planned.out());
    Cli applied = Cli.run("apply", plan.toString(), "--state-dir=" + work.resolve("state"), "--execute");
    assertEquals(0, applied.exitCode(), applied.transcript());

    String after = definition();
    assertTrue(after.contains("<iothreads>2</iothreads>"), after);
    assertTrue(after.matches("(?s).*<driver name='qemu' type='raw'[^>]* queues='2'[^>]*>\\s*<iothreads>\\s*"
        + "<iothread id='1'/>\\s*<iothread id='2'/>\\s*</iothreads>.*"), "libvirt 11 keeps the set:\n" + after);
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
    guest = LabGuest.defineWithDisks(NAME, work, "    <disk type='file' device='disk'>\n"
        + "      <driver name='qemu' type='qcow2'/>\n      <source file='" + image + "'/>\n"
        + "      <target dev='vda' bus='virtio'/>\n    </disk>\n", "checksum");
    Path edited = work.resolve(NAME + "-edited.xml");
    Files.writeString(edited, edit.apply(definition()));
    Lab.sh("virsh", "-q", "define", edited.toString());
    return Lab.contentSha256("qcow2", image.toString(), work);
  }

  private static String definition() {
    return Lab.sh("virsh", "dumpxml", "--inactive", NAME);
  }
}
