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
import java.util.function.Predicate;

/**
 * {@link HostStores} read from every domain's definitions, persistent and live, with pool volumes
 * resolved and backing chains followed: a volume that cannot be resolved stops the command, since
 * the store it hides might be removed.
 */
public final class DefinedStores implements HostStores {
    private final Map<Object, String> otherUsers = new HashMap<>();
    private final Set<Object> own = new HashSet<>();
    private final Predicate<String> exists;

    private DefinedStores(Predicate<String> exists) {
        this.exists = exists;
    }

    /**
     * The stores {@code definitions} name, those of the domain {@code domainUuid} apart; {@code
     * exists} says whether a store is there now (an image on disk, an LV in LVM's report).
     */
    public static DefinedStores read(
            List<String> definitions,
            String domainUuid,
            VolumeResolver volumes,
            BackingChains chains,
            Predicate<String> exists) {
        DefinedStores stores = new DefinedStores(exists);
        for (String xml : definitions) {
            DomainXml domain = DomainXml.parse(xml, "a domain's definition");
            boolean ours = domain.uuid().filter(domainUuid::equals).isPresent();
            for (String store : sources(domain, volumes, chains)) {
                for (Object key : StoreNames.keys(store)) {
                    if (ours) {
                        stores.own.add(key);
                    } else {
                        stores.otherUsers.putIfAbsent(key, "the definition of " + ShellWords.quote(domain.name()));
                    }
                }
            }
        }
        return stores;
    }

    /**
     * Every store a definition's disks name: source files and devices, pool volumes resolved, the
     * backing files the definition writes out and those {@code chains} finds under each image.
     */
    public static List<String> sources(DomainXml domain, VolumeResolver volumes, BackingChains chains) {
        List<String> stores = new ArrayList<>();
        for (DiskView disk : domain.disks()) {
            Optional<String> source =
                    disk.type().equals("volume") ? Optional.of(resolve(domain, disk, volumes)) : disk.sourcePath();
            source.ifPresent(stores::add);
            stores.addAll(disk.backingStores());
            String format = disk.format().orElse("raw");
            if (source.isPresent() && !format.equals("raw")) {
                stores.addAll(chains.of(source.get(), format));
            }
        }
        return stores;
    }

    private static String resolve(DomainXml domain, DiskView disk, VolumeResolver volumes) {
        String pool = disk.sourcePool().orElse("");
        String volume = disk.sourceVolume().orElse("");
        return volumes.path(pool, volume)
                .orElseThrow(() -> VirtTuneException.refused("disk " + disk.targetDev()
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
        return StoreNames.keys(store).stream()
                .map(otherUsers::get)
                .filter(java.util.Objects::nonNull)
                .findFirst();
    }

    @Override
    public boolean namedByDomain(String store) {
        return StoreNames.keys(store).stream().anyMatch(own::contains);
    }

    @Override
    public boolean same(String store, String other) {
        List<Object> keys = StoreNames.keys(other);
        return StoreNames.keys(store).stream().anyMatch(keys::contains);
    }
}
