package io.virttune.apply.custody;

import io.virttune.VirtTuneException;
import io.virttune.text.ShellWords;
import io.virttune.xml.DiskView;
import io.virttune.xml.DomainXml;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * {@link HostStores} read from every domain's definitions, persistent and live, with pool volumes
 * resolved to their paths: a volume that cannot be resolved stops the command, since the store it
 * hides might be removed.
 */
public final class DefinedStores implements HostStores {
  private final Map<String, String> otherUsers = new HashMap<>();
  private final Set<String> own = new HashSet<>();
  private final Predicate<String> exists;
  private Function<String, Optional<String>> moreUsers = store -> Optional.empty();

  private DefinedStores(Predicate<String> exists) {
    this.exists = exists;
  }

  /**
   * The stores {@code definitions} name, those of the domain {@code domainUuid} apart; {@code
   * exists} says whether a store is there now (an image on disk, an LV in LVM's report).
   */
  public static DefinedStores read(List<String> definitions, String domainUuid, VolumeResolver volumes,
      Predicate<String> exists) {
    DefinedStores stores = new DefinedStores(exists);
    for (String xml : definitions) {
      DomainXml domain = DomainXml.parse(xml, "a domain's definition");
      boolean ours = domain.uuid().filter(domainUuid::equals).isPresent();
      for (String store : sources(domain, volumes)) {
        if (ours) {
          stores.own.add(StoreNames.canonical(store));
        } else {
          stores.otherUsers.putIfAbsent(StoreNames.canonical(store), "the definition of " + ShellWords.quote(domain.name()));
        }
      }
    }
    return stores;
  }

  /** Also in use: whoever {@code users} says names a store (backing chains, which only qemu-img reads). */
  public DefinedStores alsoUsedBy(Function<String, Optional<String>> users) {
    this.moreUsers = users;
    return this;
  }

  /** Every store a definition's disks name: source files and devices, pool volumes resolved, backing files. */
  public static List<String> sources(DomainXml domain, VolumeResolver volumes) {
    List<String> stores = new ArrayList<>();
    for (DiskView disk : domain.disks()) {
      if (disk.type().equals("volume")) {
        stores.add(resolve(domain, disk, volumes));
      } else {
        disk.sourcePath().ifPresent(stores::add);
      }
      stores.addAll(disk.backingStores());
    }
    return stores;
  }

  private static String resolve(DomainXml domain, DiskView disk, VolumeResolver volumes) {
    String pool = disk.sourcePool().orElse("");
    String volume = disk.sourceVolume().orElse("");
    return volumes.path(pool, volume).orElseThrow(() -> VirtTuneException.refused("disk " + disk.targetDev()
        + " of domain " + domain.name() + " names volume " + volume + " of storage pool " + pool
        + ", which libvirt does not know, so it is unknown which store it uses; define the pool"
        + " (virsh pool-list --all) or fix the disk, then run this again"));
  }

  @Override
  public boolean exists(String store) {
    return exists.test(store);
  }

  @Override
  public Optional<String> otherUser(String store) {
    return Optional.ofNullable(otherUsers.get(StoreNames.canonical(store))).or(() -> moreUsers.apply(store));
  }

  @Override
  public boolean namedByDomain(String store) {
    return own.contains(StoreNames.canonical(store));
  }

  @Override
  public boolean same(String store, String other) {
    return StoreNames.canonical(store).equals(StoreNames.canonical(other));
  }
}
