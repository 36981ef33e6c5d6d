package io.virttune.apply;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.VirtTuneException;
import io.virttune.apply.ports.DomainResult;
import io.virttune.plan.DomainOutcome;
import io.virttune.plan.DomainPlan;
import io.virttune.plan.Plan;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Windows guest's bus switch in a plan file: apply trusts it only on what it can check itself
 * (a virtio disk in the definition) or on what the plan records of the driver (the guest agent's
 * report, the operator's --virtio-ready), never on the plan's outcome.
 */
class WindowsPlanTrustTest {
    private static final String UUID = ApplyHarness.WINDOWS_UUID;
    private static final String IMAGE = ApplyHarness.WINDOWS_IMAGE;

    @TempDir
    Path temp;

    private ApplyHarness host;

    @BeforeEach
    void windowsGuest() {
        host = ApplyHarness.withWindowsGuest(temp.resolve("state"));
    }

    @Test
    void theStagedPlanAndThePlanSwitchedOnTheOperatorsVirtioReadyAreTrusted() {
        Plan staged = host.plan("win");
        Plan ready = host.planVirtioReady("win");
        assertEquals(DomainOutcome.STAGE, staged.domains().get(0).outcome());
        assertTrue(
                ready.domains().get(0).virtioDriver().endsWith("; switched on the operator's --virtio-ready"),
                ready.domains().get(0).virtioDriver());

        host.trust(staged, "win");
        host.trust(ready, "win");
    }

    @Test
    void aStagedPlanEditedToSwitchTheBusesIsRefusedSayingNothingShowsTheDriverBound() {
        DomainPlan staged = host.plan("win").domains().get(0);
        Plan ready = host.planVirtioReady("win");
        DomainPlan switched = ready.domains().get(0);
        // The staged plan's record of the driver, with the steps, outcome and buses of a switch.
        Plan edited = LivePlanTrustTest.withDomain(
                ready,
                new DomainPlan(
                        switched.name(),
                        switched.uuid(),
                        switched.state(),
                        DomainOutcome.MIGRATE,
                        switched.reasons(),
                        switched.fingerprint(),
                        switched.disks(),
                        switched.steps(),
                        switched.warnings(),
                        switched.originalXml(),
                        switched.newXml(),
                        switched.diff(),
                        staged.virtioDriver()));

        VirtTuneException e = assertThrows(VirtTuneException.class, () -> host.trust(edited, "win"));

        assertTrue(
                e.getMessage()
                        .contains("domain 'win': outcome MIGRATE, but its policy plans STAGE: nothing shows its"
                                + " VirtIO storage driver bound (no virtio disk of its own, and the plan records neither its guest agent's"
                                + " report of viostor bound nor --virtio-ready), so its disks keep their buses"),
                e.getMessage());
        assertTrue(e.getMessage().contains("domain 'win': newXml differs"), e.getMessage());
    }

    @Test
    void theSecondPhaseStoppedAfterItsDefineIsTrustedOnResume() {
        Plan staging = host.plan("win");
        host.replyWindowsStaging();
        assertEquals(
                DomainResult.Result.DONE,
                host.apply(staging, true, false).get(0).result(),
                host.output.toString());
        Plan ready = host.planVirtioReady("win");
        host.trust(ready, "win");
        host.runner.fail(5, "  Logical volume vg/win-virtio-stage in use.");

        DomainResult failed = host.apply(ready, true, false).get(0);

        assertEquals(DomainResult.Result.FAILED, failed.result(), failed.detail() + host.output);
        assertTrue(
                host.libvirt.inactiveXml("win").contains("bus=\"virtio\"")
                        || host.libvirt.inactiveXml("win").contains("bus='virtio'"),
                host.libvirt.inactiveXml("win"));
        host.trust(ready, "win");
        DomainPlan switched = ready.domains().get(0);
        Plan edited = LivePlanTrustTest.withDomain(
                ready, switched.withNewXml(switched.newXml().replace("<vcpu>1</vcpu>", "<vcpu>8</vcpu>")));
        // Its definition is the interrupted run's, which this edited plan did not make: the trust check
        // leaves it, and the edited plan cannot resume that run, which refuses the domain alone.
        host.trust(edited, "win");
        String defined = host.libvirt.inactiveXml("win");
        DomainResult refused = host.apply(edited, true, true).get(0);
        assertEquals(DomainResult.Result.REFUSED, refused.result(), refused.detail());
        assertTrue(refused.detail().contains("was made from another plan"), refused.detail());
        assertEquals(defined, host.libvirt.inactiveXml("win"));
    }
}
