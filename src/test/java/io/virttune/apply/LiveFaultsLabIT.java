package io.virttune.apply;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.virttune.libvirt.DomainState;
import io.virttune.libvirt.LibvirtJavaConnection;
import io.virttune.libvirt.MirrorState;
import io.virttune.testing.Cli;
import io.virttune.testing.GuestWriter;
import io.virttune.testing.Lab;
import io.virttune.testing.LiveLabGuest;
import io.virttune.testing.StoppedApply;
import io.virttune.xml.DomainXml;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Faults during a live move, against the lab's libvirtd: virt-tune killed mid-copy (then resumed,
 * or rolled back) and the guest shut down mid-copy. In each, a writer in the guest writes known
 * blocks, and the guest reads every block back afterwards. Runs only inside the lab (scripts/lab
 * run --disk pv4:2G --libvirtd), before or after LiveApplyLabIT and BlockCopyLabIT, never beside
 * them: pv4 is theirs too.
 */
class LiveFaultsLabIT {
  private static final String GUEST = "vt-livefault";
  private static final String VG = "vt_lfault";
  private static final String LV = "/dev/" + VG + "/" + GUEST + "-sda";
  /**
   * Low enough for the fault to come mid-copy (the cap counts the disk's whole 128 MiB, not only
   * the 32 MiB written: some 16 s); well above the paced writer's rate, so that the copy converges.
   */
  private static final String BANDWIDTH = "8M";
  private static final int WRITER_PAUSE_SECONDS = 1;

  private final LiveLabGuest guest = new LiveLabGuest(GUEST, VG);
  private Path work;
  private Path image;
  private Path state;
  private LibvirtJavaConnection libvirt;

  @AfterEach
  void cleanUp() {
    guest.close();
  }

  @Test
  void killedMidCopyTheGuestStaysOnItsSourceWithItsJobAndResumeFinishesTheMove() throws Exception {
    GuestWriter writer = runningGuestWriting();
    Path plan = plan();

    killedMidCopy(plan);
    long killed = System.nanoTime();
    requireOnSourceAndWriting(writer);
    String live = libvirt.liveXml(GUEST);
    assertNotEquals(MirrorState.NONE, MirrorState.of(live, GUEST, "sda"), "the block job outlives virt-tune:\n" + live);
    assertEquals(Optional.of(LV), MirrorState.destinationOf(live, GUEST, "sda"));
    assertTrue(Files.readString(journal()).contains("STARTED"), "the journal shows where it stopped");

    int writesAtResume = writer.writes();
    Cli resumed = Cli.run("apply", plan.toString(), "--state-dir=" + state, "--resume", "--execute");
    long resumeSeconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - killed);
    int writesAtEnd = writer.writes();
    assertEquals(0, resumed.exitCode(), resumed.transcript());
    live = libvirt.liveXml(GUEST);
    assertEquals(Optional.of(LV), MirrorState.sourceOf(live, GUEST, "sda"), live);
    assertEquals(MirrorState.NONE, MirrorState.of(live, GUEST, "sda"), live);
    assertEquals(Optional.of(LV), DomainXml.parse(persistent(), GUEST).disks().get(0).sourcePath(), persistent());
    writer.awaitWrites(writesAtEnd + 2);
    writer.stop();
    writer.verifyInGuest();
    System.out.println("live fault, killed then resumed: " + resumeSeconds + " s from the kill to the resume's end; "
        + "guest writes " + writesAtResume + " at the resume, " + writesAtEnd + " at its end; "
        + writer.writeGaps(writesAtResume) + "; the resume: " + takenUp(resumed.out()));
  }

  @Test
  void killedMidCopyThenRolledBackTheJobIsAbortedAndTheLvRemovedWhileTheGuestRunsOnItsSource() throws Exception {
    GuestWriter writer = runningGuestWriting();
    String original = persistent();
    Path plan = plan();

    killedMidCopy(plan);
    requireOnSourceAndWriting(writer);
    Cli rollback = Cli.run("rollback", GUEST, "--state-dir=" + state, "--execute", "--yes");

    assertEquals(0, rollback.exitCode(), rollback.transcript());
    String live = libvirt.liveXml(GUEST);
    assertEquals(MirrorState.NONE, MirrorState.of(live, GUEST, "sda"), live);
    assertTrue(Lab.sh("virsh", "blockjob", GUEST, "sda", "--info").contains("No current block job"));
    assertFalse(Lab.sh("lvm", "lvs", "--noheadings", "-o", "lv_name", VG).contains(GUEST), Lab.sh("lvm", "lvs", VG));
    requireOnSourceAndWriting(writer);
    assertEquals(original, persistent());
    writer.stop();
    writer.verifyInGuest();
    System.out.println("live fault, killed then rolled back:\n" + rollback.out());
  }

  @Test
  void aGuestShutDownMidCopyFailsItsDomainNamingTheDiskAndNothingIsPivoted() throws Exception {
    GuestWriter writer = runningGuestWriting();
    String original = persistent();
    Path plan = plan();

    CompletableFuture<Cli> apply = CompletableFuture.supplyAsync(() ->
        Cli.run("apply", plan.toString(), "--state-dir=" + state, "--execute"));
    awaitMirror(apply::isDone);
    // Stopped first: a block in flight at the power-off would be neither the old nor the logged content.
    writer.stop();
    String log = writer.log();
    assertNotEquals(MirrorState.READY, MirrorState.of(libvirt.liveXml(GUEST), GUEST, "sda"), "still mid-copy");
    Lab.sh("virsh", "-q", "destroy", GUEST);
    String imageSum = Lab.sh("sha256sum", image.toString()).substring(0, 64);
    Cli failed = apply.get(120, TimeUnit.SECONDS);

    assertEquals(1, failed.exitCode(), failed.transcript());
    assertTrue(failed.out().matches("(?s).*\\n" + GUEST + " +failed +disk sda of '" + GUEST
        + "': the guest stopped during its live copy.*"), failed.out());
    String journal = Files.readString(journal());
    assertTrue(journal.matches("(?s).*\"status\"\\s*:\\s*\"FAILED\".*"), journal);
    assertEquals(original, persistent());
    assertEquals(imageSum, Lab.sh("sha256sum", image.toString()).substring(0, 64), "apply left the source as it was");
    Lab.sh("virsh", "-q", "start", GUEST);
    GuestWriter restarted = guest.awaitAgent();
    restarted.restoreLog(log);
    restarted.verifyInGuest();
    Cli rollback = Cli.run("rollback", GUEST, "--state-dir=" + state, "--execute", "--yes");
    assertEquals(0, rollback.exitCode(), rollback.transcript());
    assertFalse(Lab.sh("lvm", "lvs", "--noheadings", "-o", "lv_name", VG).contains(GUEST), Lab.sh("lvm", "lvs", VG));
    System.out.println("live fault, guest shut down mid-copy:\n" + failed.out() + rollback.out());
  }

  /** The test guest running on its qcow2, its first 16 MiB written, and its paced writer started. */
  private GuestWriter runningGuestWriting() throws Exception {
    GuestWriter writer = guest.start("vt-livefault-");
    work = guest.work();
    image = guest.image();
    libvirt = guest.libvirt();
    state = work.resolve("state");
    writer.start(WRITER_PAUSE_SECONDS);
    writer.awaitWrites(1);
    return writer;
  }

  private Path plan() {
    Path plan = work.resolve("plan.json");
    Cli planned = Cli.run("plan", GUEST, "--vg", VG, "--live", "--bandwidth", BANDWIDTH, "--out", plan.toString());
    assertEquals(0, planned.exitCode(), planned.transcript());
    return plan;
  }

  /** Runs apply as a process group of its own and SIGKILLs all of it once the copy shows in the live definition. */
  private void killedMidCopy(Path plan) throws InterruptedException {
    StoppedApply apply = StoppedApply.start(work, state, 0, "apply", plan.toString(), "--state-dir=" + state,
        "--execute");
    awaitMirror(() -> false);
    apply.signal("KILL");
    apply.awaitEnd();
  }

  /** Waits until the live definition shows a mirror on the guest's disk. */
  private void awaitMirror(java.util.function.BooleanSupplier applyEnded) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
    while (MirrorState.of(libvirt.liveXml(GUEST), GUEST, "sda") == MirrorState.NONE) {
      if (applyEnded.getAsBoolean() || System.nanoTime() > deadline) {
        fail("no block copy showed in the live definition of " + GUEST + " within 120 s");
      }
      Thread.sleep(200);
    }
  }

  /** The guest runs, on its qcow2, and its writer goes on writing. */
  private void requireOnSourceAndWriting(GuestWriter writer) throws InterruptedException {
    assertEquals(DomainState.RUNNING, libvirt.state(GUEST));
    assertEquals(Optional.of(image.toString()), MirrorState.sourceOf(libvirt.liveXml(GUEST), GUEST, "sda"));
    writer.awaitWrites(writer.writes() + 2);
  }

  private String persistent() {
    return Lab.sh("virsh", "dumpxml", "--inactive", GUEST);
  }

  private Path journal() throws IOException {
    try (var dirs = Files.list(state.resolve("domains"))) {
      return dirs.findFirst().orElseThrow().resolve("journal.json");
    }
  }

  /** What the resume said of the copy it found. */
  private static String takenUp(String out) {
    return out.lines().filter(line -> line.contains("the interrupted run")).findFirst()
        .map(String::strip).orElse("(it said nothing of the interrupted run's copy)");
  }
}
