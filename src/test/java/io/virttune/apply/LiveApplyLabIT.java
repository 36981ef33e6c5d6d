package io.virttune.apply;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.libvirt.DomainState;
import io.virttune.libvirt.LibvirtJavaConnection;
import io.virttune.libvirt.MirrorState;
import io.virttune.testing.Cli;
import io.virttune.testing.GuestWriter;
import io.virttune.testing.Lab;
import io.virttune.testing.LiveLabGuest;
import io.virttune.xml.DiskView;
import io.virttune.xml.DomainXml;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * plan --live and apply against the lab's libvirtd: the running test guest's SATA qcow2 disk moved
 * onto an LV while a writer in the guest keeps writing (and fio writes 4k random beside it), then
 * read back inside the guest; both definitions name the LV, and the persistent one has the
 * cold-boot changes; a cold boot then starts the guest on them with every block it wrote intact.
 * Runs only inside the lab (scripts/lab run --disk pv4:2G --libvirtd).
 */
class LiveApplyLabIT {
  private static final String GUEST = "vt-liveit";
  private static final String VG = "vt_live";
  private static final String LV = "/dev/" + VG + "/" + GUEST + "-sda";

  private final LiveLabGuest guest = new LiveLabGuest(GUEST, VG);

  @AfterEach
  void cleanUp() {
    guest.close();
  }

  @Test
  void aRunningGuestMovesOntoItsLvWhileItWritesAndReadsBackEverything() throws Exception {
    GuestWriter writer = guest.start("vt-live-");
    Path work = guest.work();
    LibvirtJavaConnection libvirt = guest.libvirt();
    writer.start();
    writer.awaitWrites(1);
    // Beside the writer, between its blocks and the ones that must stay zero: 4k random writes at
    // queue depth 8, the load under which QEMU 7.2 aborted at a pivot made with the guest running.
    writer.guest("fio --name=load --filename=$DISK --offset=33M --size=31M --rw=randwrite --bs=4k --iodepth=8"
        + " --ioengine=libaio --direct=1 --time_based --runtime=3600 >/tmp/fio.out 2>&1 &", 30);

    Path plan = work.resolve("plan.json");
    Cli planned = Cli.run("plan", GUEST, "--vg", VG, "--live", "--bandwidth", "8M", "--out", plan.toString());
    assertEquals(0, planned.exitCode(), planned.out() + planned.err());
    int writesAtStart = writer.writes();
    Cli applied = Cli.run("apply", plan.toString(), "--state-dir=" + work.resolve("state"), "--execute");
    int writesAtEnd = writer.writes();
    writer.awaitWrites(writesAtEnd + 2);
    writer.guest("kill -INT $(pidof fio)", 30);
    writer.stop();

    assertEquals(0, applied.exitCode(), applied.out() + applied.err());
    assertTrue(applied.out().contains(" ms for the pivot"), "the guest was paused for the pivot: " + applied.out());
    assertTrue(writesAtEnd > writesAtStart, "the guest wrote during the move: " + writesAtStart + " -> " + writesAtEnd);
    assertEquals(DomainState.RUNNING, libvirt.state(GUEST));
    assertEquals(Optional.of(LV), MirrorState.sourceOf(libvirt.liveXml(GUEST), GUEST, "sda"));
    DiskView persistent = DomainXml.parse(Lab.sh("virsh", "dumpxml", "--inactive", GUEST), GUEST).disks().get(0);
    assertEquals(List.of(LV, "vda", "virtio", "native"), List.of(persistent.sourcePath().orElseThrow(),
        persistent.targetDev(), persistent.targetBus().orElseThrow(), persistent.io().orElseThrow()));
    writer.verifyInGuest();
    System.out.println("live apply: guest writes " + writesAtStart + " at the start, " + writesAtEnd + " at the end; "
        + writer.writeGaps(writesAtStart));

    // The cold boot the report asks for: the staged definition takes over, its disk now vda on virtio.
    String log = writer.log();
    Lab.sh("virsh", "-q", "destroy", GUEST);
    Lab.sh("virsh", "-q", "start", GUEST);
    GuestWriter booted = new GuestWriter(guest.awaitAgent().agent(), "/dev/vda");
    booted.restoreLog(log);
    booted.verifyInGuest();
    DiskView live = DomainXml.parse(libvirt.liveXml(GUEST), GUEST).disks().get(0);
    assertEquals(List.of(LV, "vda", "virtio", "native", "none"), List.of(live.sourcePath().orElseThrow(), live.targetDev(),
        live.targetBus().orElseThrow(), live.io().orElseThrow(), live.cache().orElseThrow()));
  }
}
