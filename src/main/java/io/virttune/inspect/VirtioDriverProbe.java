package io.virttune.inspect;

import io.virttune.VirtTuneException;
import io.virttune.libvirt.DomainState;
import io.virttune.recipe.DriverEvidence;
import io.virttune.xml.DomainXml;
import java.util.Optional;

/**
 * Asks a Windows guest that waits for its VirtIO storage driver whether viostor is bound, through
 * its guest agent ({@code guest-get-devices}): only a running guest with an agent channel can say,
 * and an agent that cannot say gives no evidence, never a guess.
 */
public final class VirtioDriverProbe {
  private static final String REQUEST = "{\"execute\":\"" + GuestDeviceReport.COMMAND + "\"}";

  private final GuestAgentLink agent;

  public VirtioDriverProbe(GuestAgentLink agent) {
    this.agent = agent;
  }

  /** The domain with the agent's evidence, when the domain waits for the driver; else as it is. */
  public DomainFacts probe(DomainFacts domain) {
    if (domain.waitingForVirtioDriver(false).isEmpty()) {
      return domain;
    }
    return domain.withVirtioDriver(evidence(domain.name(), domain.state(), domain.xml().orElseThrow()));
  }

  private DriverEvidence evidence(String name, DomainState state, DomainXml xml) {
    if (state != DomainState.RUNNING) {
      return DriverEvidence.none("the domain is " + state.label() + " (its guest agent answers only while it runs)");
    }
    if (!xml.hasGuestAgentChannel()) {
      return DriverEvidence.none("no guest agent channel (" + DomainXml.GUEST_AGENT_CHANNEL + ") in its definition");
    }
    try {
      return GuestDeviceReport.evidence(agent.command(name, REQUEST));
    } catch (VirtTuneException e) {
      return GuestDeviceReport.unanswered(e.getMessage());
    }
  }
}
