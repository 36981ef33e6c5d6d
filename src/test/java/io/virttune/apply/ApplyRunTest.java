package io.virttune.apply;

import static io.virttune.apply.ApplyHarness.GIB;
import static io.virttune.apply.ApplyHarness.domainXml;
import static io.virttune.apply.ApplyHarness.ours;
import static io.virttune.apply.ApplyHarness.qcow2Disk;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.apply.DomainJournal.Status;
import io.virttune.libvirt.DomainState;
import io.virttune.plan.Plan;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** apply through the real classes, hermetically: what it runs, journals and refuses. */
class ApplyRunTest {
  static final String UUID = ApplyHarness.SITE1_UUID;
  static final String IMAGE = ApplyHarness.SITE1_IMAGE;

  @TempDir Path temp;
  ApplyHarness host;

  @BeforeEach
  void site1() {
    host = ApplyHarness.withSite1(temp);
  }

  @Test
  void everyLvItCreatesCarriesVirtTunesTagsAndItsUuidIsJournaled() {
    Plan plan = host.plan("site1");
    host.replySite1Migration();

    assertEquals(DomainResult.Result.DONE, host.apply(plan, true, false).get(0).result(), host.output.toString());

    assertTrue(host.commandLines().contains("lvm lvcreate --yes --addtag virt-tune --addtag virt-tune-" + UUID
        + " --type linear -L 8589934592b -n site1-vda vg"), host.commandLines().toString());
    DomainJournal journal = host.state.journal(UUID).orElseThrow();
    assertEquals(Status.COMPLETED, journal.status());
    assertEquals(Map.of("vg/site1-vda", "Lv-A"), journal.volumeUuids());
  }

  @Test
  void resumeRefusesAnLvOfTheJournaledNameThatIsNotTheOneItCreated() {
    Plan plan = host.plan("site1");
    // Interrupted right after lvcreate; then the LV was replaced by someone else's of that name.
    host.state.save(DomainJournal.start("site1", UUID, plan.createdAt(), plan.domains().get(0).fingerprint(),
            PlanDigest.of(plan.domains().get(0)), "/b.xml", List.of(IMAGE))
        .withCreatedVolume("vg/site1-vda").withVolumeUuid("vg/site1-vda", "Lv-A")
        .with(new JournalEntry(0, "CreateVolume", JournalEntry.StepState.STARTED, "t", "")));
    host.lv(ApplyHarness.someoneElses("site1-vda", 8 * GIB));
    host.replyReport().replyImageFree(IMAGE).replyLvs();

    DomainResult result = host.apply(plan, true, true).get(0);

    assertEquals(DomainResult.Result.REFUSED, result.result(), host.output.toString());
    assertTrue(result.detail().contains("LV vg/site1-vda lacks virt-tune's tag"), result.detail());
    assertTrue(host.commandLines().stream().noneMatch(line -> line.contains("qemu-img convert")));
  }
}
