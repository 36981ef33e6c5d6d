package io.virttune.inspect;

import static io.virttune.inspect.TestHost.blockDisk;
import static io.virttune.inspect.TestHost.domainXml;
import static io.virttune.inspect.TestHost.fileDisk;
import static io.virttune.inspect.TestHost.qcow2;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.inspect.rules.RuleBook;
import io.virttune.libvirt.DomainState;
import io.virttune.recipe.DriverEvidence;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * What inspect asks a Windows guest's agent about its VirtIO storage driver, from recorded
 * guest-get-devices replies, and what WindowsVirtioRule then reports from that one decision.
 */
class VirtioDriverEvidenceTest {
  private static final String HYPERV = "<features><hyperv><relaxed state='on'/></hyperv></features>";
  private static final String IMAGE = "/img/vm.qcow2";
  private static final String AGENT_CHANNEL =
      "<channel type='unix'><target type='virtio' name='org.qemu.guest_agent.0'/></channel>";
  private static final String REQUEST = "vm {\"execute\":\"guest-get-devices\"}";

  /** A staged Windows guest: its boot disk still on SATA, the temporary virtio disk beside it. */
  private static String staged(String... more) {
    List<String> devices = new ArrayList<>(List.of(fileDisk("sda", "sata", IMAGE, ""),
        blockDisk("vda", "virtio", "/dev/vg_fast/vm-virtio-stage", "")));
    devices.addAll(List.of(more));
    return domainXml("vm", 2, HYPERV, devices.toArray(String[]::new));
  }

  private static HostFacts inspect(DomainState state, String xml, GuestAgentLink agent) {
    return TestHost.hv01().image(qcow2(IMAGE, List.of(), 0)).domain("vm", state, xml).agents(agent).facts();
  }

  private static DomainFacts domain(HostFacts facts) {
    return facts.domains().get(0);
  }

  private static List<Finding> windowsFindings(HostFacts facts) {
    return RuleBook.check(facts).stream().filter(finding -> finding.ruleId().equals("domain.windows-virtio")).toList();
  }

  @Test
  void viostorBoundToTheTemporaryDiskIsEvidenceAndTheRuleHasNothingToReport() {
    RecordedGuestAgent agent = new RecordedGuestAgent("viostor-bound.json");
    HostFacts facts = inspect(DomainState.RUNNING, staged(AGENT_CHANNEL), agent);

    assertEquals(List.of(REQUEST), agent.asked());
    DriverEvidence evidence = domain(facts).virtioDriver().orElseThrow();
    assertTrue(evidence.bound());
    assertEquals("viostor 100.94.104.24000 bound (guest agent: Red Hat VirtIO SCSI controller, PCI 1af4:1001)",
        evidence.text());
    assertEquals(List.of(), domain(facts).waitingForVirtioDriver(false));
    assertEquals(List.of(), windowsFindings(facts), "the rule reports from the same decision the plan stages on");
  }

  @Test
  void aDiskWithoutADriverIsNotListedByTheAgentSoTheGuestStaysStaged() {
    HostFacts facts = inspect(DomainState.RUNNING, staged(AGENT_CHANNEL),
        new RecordedGuestAgent("no-virtio-blk-driver.json"));

    DriverEvidence evidence = domain(facts).virtioDriver().orElseThrow();
    assertFalse(evidence.bound(), "vioscsi bound to a virtio-scsi controller is not viostor on virtio-blk");
    assertTrue(evidence.text().startsWith("no evidence: the guest agent lists no virtio-blk device (PCI 1af4:1001"
        + " or 1af4:1042) with a driver"), evidence.text());
    List<Finding> findings = windowsFindings(facts);
    assertEquals(1, findings.size());
    assertTrue(findings.get(0).evidence().endsWith("disks on emulated buses: sda; virtio driver: " + evidence.text()),
        findings.get(0).evidence());
  }

  @Test
  void aVirtioBlkDeviceBoundToAnotherDriverIsNoEvidence() {
    DriverEvidence evidence = domain(inspect(DomainState.RUNNING, staged(AGENT_CHANNEL),
        new RecordedGuestAgent("other-driver.json"))).virtioDriver().orElseThrow();

    assertFalse(evidence.bound());
    assertEquals("no evidence: the guest agent lists the virtio-blk device PCI 1af4:1042 with the driver"
        + " 'Example Storage Controller', not viostor", evidence.text());
  }

  @Test
  void anAgentWithoutGuestGetDevicesGivesNoEvidenceAndSaysSo() {
    for (String reply : List.of("command-not-found.txt", "command-disabled.txt")) {
      HostFacts facts = inspect(DomainState.RUNNING, staged(AGENT_CHANNEL), new RecordedGuestAgent(reply));

      DriverEvidence evidence = domain(facts).virtioDriver().orElseThrow();
      assertFalse(evidence.bound(), reply);
      assertTrue(evidence.text().startsWith("no evidence: the guest agent lacks guest-get-devices (qemu-ga before"
          + " 5.2, or the command disabled): guest agent of domain 'vm': internal error: unable to execute QEMU"
          + " agent command 'guest-get-devices': "), evidence.text());
      assertTrue(evidence.text().endsWith("or confirm with --virtio-ready once Windows shows viostor bound"));
      assertEquals(1, windowsFindings(facts).size(), reply);
    }
  }

  @Test
  void aGuestThatIsNotRunningOrHasNoAgentChannelIsNotAsked() {
    DomainFacts shutOff = domain(inspect(DomainState.SHUTOFF, staged(AGENT_CHANNEL), RecordedGuestAgent.never()));
    assertEquals(Optional.of(DriverEvidence.none("the domain is shut off (its guest agent answers only while it"
        + " runs)")), shutOff.virtioDriver());
    assertEquals(List.of("sda"), shutOff.waitingForVirtioDriver(false).stream().map(d -> d.targetDev()).toList());

    DomainFacts noChannel = domain(inspect(DomainState.RUNNING, staged(), RecordedGuestAgent.never()));
    assertEquals(Optional.of(DriverEvidence.none("no guest agent channel (org.qemu.guest_agent.0) in its"
        + " definition")), noChannel.virtioDriver());
  }

  @Test
  void aGuestThatDoesNotWaitForTheDriverIsNeverAsked() {
    String linux = domainXml("vm", 2, "", fileDisk("sda", "sata", IMAGE, ""), AGENT_CHANNEL);
    assertEquals(Optional.empty(),
        domain(inspect(DomainState.RUNNING, linux, RecordedGuestAgent.never())).virtioDriver());

    String onVirtio = domainXml("vm", 2, HYPERV, fileDisk("vda", "virtio", IMAGE, ""), AGENT_CHANNEL);
    assertEquals(Optional.empty(), domain(inspect(DomainState.RUNNING, onVirtio, RecordedGuestAgent.never()))
        .virtioDriver(), "a virtio-blk disk Windows boots from proves the driver already");
  }
}
