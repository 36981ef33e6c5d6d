package io.virttune.inspect;

import io.virttune.VirtTuneException;
import io.virttune.agent.ExecStatus;
import io.virttune.agent.GuestAgent;
import io.virttune.agent.GuestAgentLink;
import io.virttune.libvirt.DomainState;
import io.virttune.recipe.DriverEvidence;
import io.virttune.xml.DomainXml;
import java.time.Duration;
import java.util.List;

/**
 * Asks a Windows guest that waits for its VirtIO storage driver whether viostor is bound, through
 * its guest agent: {@code guest-get-devices}, or where the agent lacks it (qemu-ga before 5.2)
 * the driver query through {@code guest-exec}. Only a running guest with an agent channel can say,
 * and an agent that cannot say gives no evidence, never a guess.
 */
public final class VirtioDriverProbe {
    private static final String REQUEST = "{\"execute\":\"" + GuestDeviceReport.COMMAND + "\"}";
    private static final String EXEC = "guest-exec";
    /** PowerShell's start and two WMI queries take seconds on a busy old Windows; the query only reads. */
    private static final Duration QUERY_TIMEOUT = Duration.ofSeconds(60);

    private static final Duration QUERY_POLL = Duration.ofMillis(500);

    private final GuestAgentLink agent;
    private final Duration queryPoll;
    private final Duration queryTimeout;

    public VirtioDriverProbe(GuestAgentLink agent) {
        this(agent, QUERY_POLL, QUERY_TIMEOUT);
    }

    /** A probe that polls the driver query every {@code queryPoll} and gives up after {@code queryTimeout}. */
    public VirtioDriverProbe(GuestAgentLink agent, Duration queryPoll, Duration queryTimeout) {
        this.agent = agent;
        this.queryPoll = queryPoll;
        this.queryTimeout = queryTimeout;
    }

    /** The domain with the agent's evidence, when the domain waits for the driver; else as it is. */
    public DomainFacts probe(DomainFacts domain) {
        if (domain.waitingForVirtioDriver(false).isEmpty()) {
            return domain;
        }
        return domain.withVirtioDriver(
                evidence(domain.name(), domain.state(), domain.xml().orElseThrow()));
    }

    private DriverEvidence evidence(String name, DomainState state, DomainXml xml) {
        if (state != DomainState.RUNNING) {
            return DriverEvidence.none(
                    "the domain is " + state.label() + " (its guest agent answers only while it runs)");
        }
        if (!xml.hasGuestAgentChannel()) {
            return DriverEvidence.none(
                    "no guest agent channel (" + DomainXml.GUEST_AGENT_CHANNEL + ") in its definition");
        }
        try {
            return GuestDeviceReport.evidence(agent.command(name, REQUEST));
        } catch (VirtTuneException e) {
            if (GuestDeviceReport.lacks(e.getMessage(), GuestDeviceReport.COMMAND)) {
                return queried(name, e.getMessage());
            }
            return DriverEvidence.none(
                    "the guest agent did not answer " + GuestDeviceReport.COMMAND + ": " + e.getMessage());
        }
    }

    /** The driver query's evidence, for an agent that lacks guest-get-devices (said in {@code lacking}). */
    private DriverEvidence queried(String name, String lacking) {
        String without = "the guest agent lacks " + GuestDeviceReport.COMMAND + " (qemu-ga before 5.2, or the command"
                + " disabled): " + lacking;
        ExecStatus status;
        try {
            status = new GuestAgent(agent, name, queryPoll)
                    .run(ViostorQuery.PROGRAM, ViostorQuery.arguments(), List.of(), null, queryTimeout);
        } catch (VirtTuneException e) {
            String advice = "; update the QEMU Guest Agent from virtio-win, or confirm with --virtio-ready once Windows"
                    + " shows viostor bound";
            return DriverEvidence.none(without
                    + (GuestDeviceReport.lacks(e.getMessage(), EXEC)
                            ? ", and " + EXEC + " for the driver query: " + e.getMessage() + advice
                            : "; its driver query through " + EXEC + " failed: " + e.getMessage() + advice));
        }
        return ViostorQuery.evidence(status);
    }
}
