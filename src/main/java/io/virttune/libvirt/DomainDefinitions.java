package io.virttune.libvirt;

import java.util.Optional;

/** Reading a domain's current definition and replacing it: the libvirt side of apply and rollback. */
public interface DomainDefinitions extends AutoCloseable {

  Optional<LiveDomain> find(String name);

  /** Defines (replaces) a persistent domain; libvirt validates the XML and refuses bad ones. */
  void define(String xml);

  @Override
  void close();
}
