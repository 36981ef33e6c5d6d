package io.virttune.inspect;

import static io.virttune.inspect.TestHost.blockDisk;
import static io.virttune.inspect.TestHost.domainXml;
import static io.virttune.inspect.TestHost.fileDisk;
import static io.virttune.inspect.TestHost.qcow2;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.virttune.agent.GuestAgentLink;
import io.virttune.inspect.rules.RuleBook;
import io.virttune.libvirt.DomainState;
import io.virttune.recipe.DriverEvidence;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
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
        List<String> devices = new ArrayList<>(List.of(
                fileDisk("sda", "sata", IMAGE, ""), blockDisk("vda", "virtio", "/dev/vg_fast/vm-virtio-stage", "")));
        devices.addAll(List.of(more));
        return domainXml("vm", 2, HYPERV, devices.toArray(String[]::new));
    }

    private static HostFacts inspect(DomainState state, String xml, GuestAgentLink agent) {
        return TestHost.hv01()
                .image(qcow2(IMAGE, List.of(), 0))
                .domain("vm", state, xml)
                .agents(agent)
                .facts();
    }

    private static DomainFacts domain(HostFacts facts) {
        return facts.domains().get(0);
    }

    private static List<Finding> windowsFindings(HostFacts facts) {
        return RuleBook.check(facts).stream()
                .filter(finding -> finding.ruleId().equals("domain.windows-virtio"))
                .toList();
    }

    @Test
    void viostorBoundToTheTemporaryDiskIsEvidenceAndTheRuleHasNothingToReport() {
        RecordedGuestAgent agent = new RecordedGuestAgent("viostor-bound.json");
        HostFacts facts = inspect(DomainState.RUNNING, staged(AGENT_CHANNEL), agent);

        assertEquals(List.of(REQUEST), agent.asked());
        DriverEvidence evidence = domain(facts).virtioDriver().orElseThrow();
        assertTrue(evidence.bound());
        assertEquals(
                "viostor 100.94.104.24000 bound (guest agent: Red Hat VirtIO SCSI controller, PCI 1af4:1001)",
                evidence.text());
        assertEquals(List.of(), domain(facts).waitingForVirtioDriver(false));
        assertEquals(List.of(), windowsFindings(facts), "the rule reports from the same decision the plan stages on");
    }

    @Test
    void aDiskWithoutADriverIsNotListedByTheAgentSoTheGuestStaysStaged() {
        HostFacts facts = inspect(
                DomainState.RUNNING, staged(AGENT_CHANNEL), new RecordedGuestAgent("no-virtio-blk-driver.json"));

        DriverEvidence evidence = domain(facts).virtioDriver().orElseThrow();
        assertFalse(evidence.bound(), "vioscsi bound to a virtio-scsi controller is not viostor on virtio-blk");
        assertTrue(
                evidence.text()
                        .startsWith("no evidence: the guest agent lists no virtio-blk device (PCI 1af4:1001"
                                + " or 1af4:1042) with a driver"),
                evidence.text());
        List<Finding> findings = windowsFindings(facts);
        assertEquals(1, findings.size());
        assertTrue(
                findings.get(0).evidence().endsWith("disks on emulated buses: sda; virtio driver: " + evidence.text()),
                findings.get(0).evidence());
    }

    @Test
    void aVirtioBlkDeviceBoundToAnotherDriverIsNoEvidence() {
        DriverEvidence evidence = domain(inspect(
                        DomainState.RUNNING, staged(AGENT_CHANNEL), new RecordedGuestAgent("other-driver.json")))
                .virtioDriver()
                .orElseThrow();

        assertFalse(evidence.bound());
        assertEquals(
                "no evidence: the guest agent lists the virtio-blk device PCI 1af4:1042 with the driver"
                        + " 'Example Storage Controller', not viostor",
                evidence.text());
    }

    @Test
    void anAgentWithoutGuestGetDevicesOrGuestExecGivesNoEvidenceAndSaysSo() {
        for (String reply : List.of("command-not-found.txt", "command-disabled.txt")) {
            HostFacts facts = inspect(
                    DomainState.RUNNING,
                    staged(AGENT_CHANNEL),
                    new RecordedGuestAgent(reply, "guest-exec-not-found.txt"));

            DriverEvidence evidence = domain(facts).virtioDriver().orElseThrow();
            assertFalse(evidence.bound(), reply);
            assertTrue(
                    evidence.text()
                            .startsWith("no evidence: the guest agent lacks guest-get-devices (qemu-ga before"
                                    + " 5.2, or the command disabled): guest agent of domain 'vm': internal error: unable to execute QEMU"
                                    + " agent command 'guest-get-devices': "),
                    evidence.text());
            assertTrue(
                    evidence.text()
                            .contains(", and guest-exec for the driver query: guest agent of domain 'vm':"
                                    + " internal error: unable to execute QEMU agent command 'guest-exec': The command guest-exec has not been"
                                    + " found; "),
                    evidence.text());
            assertTrue(evidence.text().endsWith("or confirm with --virtio-ready once Windows shows viostor bound"));
            assertEquals(1, windowsFindings(facts).size(), reply);
        }
    }

    /** The staged guest's facts as inspect read them, before any agent was asked. */
    private static DomainFacts unprobed() {
        return domain(TestHost.hv01()
                .image(qcow2(IMAGE, List.of(), 0))
                .domain("vm", DomainState.RUNNING, staged(AGENT_CHANNEL))
                .facts());
    }

    /** What the probe makes of {@code agent}, the driver query given {@code timeout} to finish. */
    private static DriverEvidence queried(RecordedGuestAgent agent, Duration timeout) {
        return new VirtioDriverProbe(agent, Duration.ZERO, timeout)
                .probe(unprobed())
                .virtioDriver()
                .orElseThrow();
    }

    private static RecordedGuestAgent olderAgentAnswering(String status) {
        return new RecordedGuestAgent(
                "command-not-found.txt", "guest-exec-started.json", "guest-exec-running.json", status);
    }

    @Test
    void anAgentWithoutGuestGetDevicesRunsTheBundledDriverQueryAndViostorWorkingIsEvidence() throws Exception {
        RecordedGuestAgent agent = olderAgentAnswering("viostor-query-bound.json");

        DriverEvidence evidence = queried(agent, Duration.ofSeconds(5));

        assertTrue(evidence.bound());
        assertEquals(
                "viostor 100.94.104.24000 bound (guest agent, powershell.exe through guest-exec: service viostor,"
                        + " PCI 1af4:1001)",
                evidence.text());
        List<String> asked = agent.asked();
        assertEquals(REQUEST, asked.get(0));
        JsonNode exec = new ObjectMapper().readTree(asked.get(1).substring("vm ".length()));
        assertEquals("guest-exec", exec.path("execute").asText());
        assertEquals("powershell.exe", exec.path("arguments").path("path").asText());
        assertTrue(exec.path("arguments").path("capture-output").asBoolean());
        JsonNode args = exec.path("arguments").path("arg");
        assertEquals(
                List.of("-NoProfile", "-NonInteractive", "-EncodedCommand"),
                List.of(args.get(0).asText(), args.get(1).asText(), args.get(2).asText()));
        String script = new String(Base64.getDecoder().decode(args.get(3).asText()), StandardCharsets.UTF_16LE);
        assertEquals(
                Files.readString(Path.of("templates/windows/viostor-query.ps1")),
                script,
                "the guest runs the script bundled for operators to read, byte for byte");
        assertTrue(script.contains("\n'virt-tune-viostor-query 1'\n"), "it prints the header the report is read by");
        String status = "vm {\"execute\":\"guest-exec-status\",\"arguments\":{\"pid\":4712}}";
        assertEquals(List.of(status, status), asked.subList(2, 4), "polled until it exited");
    }

    @Test
    void theDriverQueryShowingNoDriverNoDeviceOrAFailureIsNoEvidence() {
        Map<String, String> reasons = Map.of(
                "viostor-query-no-driver.json",
                        "no evidence: the driver query finds the virtio-blk device PCI 1af4:1001"
                                + " with no driver bound (Windows' device error code 28): install viostor from virtio-win",
                "viostor-query-no-device.json",
                        "no evidence: the driver query finds no virtio-blk device (PCI 1af4:1001 or"
                                + " 1af4:1042): the guest does not see the temporary virtio disk (boot it with that disk)",
                "viostor-query-failed.json",
                        "no evidence: the driver query (powershell.exe through guest-exec) exited 1:"
                                + " Get-WmiObject : Access denied. (Exception from HRESULT: 0x80070005 (E_ACCESSDENIED))");
        reasons.forEach((status, reason) -> {
            DriverEvidence evidence = queried(olderAgentAnswering(status), Duration.ofSeconds(5));
            assertFalse(evidence.bound(), status);
            assertEquals(reason, evidence.text(), status);
        });
    }

    @Test
    void aDriverQueryThatOutlivesItsTimeoutIsNoEvidence() {
        DriverEvidence evidence = queried(olderAgentAnswering("guest-exec-running.json"), Duration.ZERO);

        assertFalse(evidence.bound());
        assertTrue(
                evidence.text()
                        .contains(
                                "; its driver query through guest-exec failed: powershell.exe in domain"
                                        + " 'vm' still runs after 0 s (guest pid 4712); it was left running; update the QEMU Guest Agent"),
                evidence.text());
    }

    @Test
    void aGuestThatIsNotRunningOrHasNoAgentChannelIsNotAsked() {
        DomainFacts shutOff = domain(inspect(DomainState.SHUTOFF, staged(AGENT_CHANNEL), RecordedGuestAgent.never()));
        assertEquals(
                Optional.of(DriverEvidence.none(
                        "the domain is shut off (its guest agent answers only while it" + " runs)")),
                shutOff.virtioDriver());
        assertEquals(
                List.of("sda"),
                shutOff.waitingForVirtioDriver(false).stream()
                        .map(d -> d.targetDev())
                        .toList());

        DomainFacts noChannel = domain(inspect(DomainState.RUNNING, staged(), RecordedGuestAgent.never()));
        assertEquals(
                Optional.of(
                        DriverEvidence.none("no guest agent channel (org.qemu.guest_agent.0) in its" + " definition")),
                noChannel.virtioDriver());
    }

    @Test
    void aGuestThatDoesNotWaitForTheDriverIsNeverAsked() {
        String linux = domainXml("vm", 2, "", fileDisk("sda", "sata", IMAGE, ""), AGENT_CHANNEL);
        assertEquals(
                Optional.empty(),
                domain(inspect(DomainState.RUNNING, linux, RecordedGuestAgent.never()))
                        .virtioDriver());

        String onVirtio = domainXml("vm", 2, HYPERV, fileDisk("vda", "virtio", IMAGE, ""), AGENT_CHANNEL);
        assertEquals(
                Optional.empty(),
                domain(inspect(DomainState.RUNNING, onVirtio, RecordedGuestAgent.never()))
                        .virtioDriver(),
                "a virtio-blk disk Windows boots from proves the driver already");
    }
}
