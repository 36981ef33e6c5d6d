package io.virttune.inspect;

import io.virttune.libvirt.DomainState;
import io.virttune.xml.DomainXml;
import java.util.List;
import java.util.Optional;

/**
 * One domain: its state, its parsed definition and its disks' facts; or, when its definition
 * could not be read or was refused, the reason.
 */
public record DomainFacts(
    String name,
    DomainState state,
    Optional<DomainXml> xml,
    List<DiskFacts> disks,
    Optional<String> problem) {

  public DomainFacts {
    disks = List.copyOf(disks);
  }

  public static DomainFacts unreadable(String name, DomainState state, String problem) {
    return new DomainFacts(name, state, Optional.empty(), List.of(), Optional.of(problem));
  }
}
